package io.headroom.collector.redfish;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The redfish source's own keys of its testbed section ({@code type: redfish}). The endpoint keys
 * ({@code url:}, {@code username:}, {@code tls:}, {@code max_concurrency:} ...) sit beside them at
 * the top level, as the testbed contract writes them, and are the shared
 * {@link io.headroom.collector.remote.RemoteEndpoint}'s, bound through
 * {@link io.headroom.collector.remote.RemoteSection} as the array sources' are.
 *
 * @param role whose CPU the BMC's usage figures are: a client host's ({@code host_cpu}) or an
 *     array node's ({@code array_cpu}, a storage server running software-defined storage)
 * @param telemetry how usage arrives: {@code auto} (the SSE stream where offered, else polling),
 *     {@code sse} (the stream is expected; a refusal is a problem each scrape, readings are polled
 *     meanwhile), {@code poll} (never open a stream)
 * @param topologyRefresh how often the inventory (devices, slots, ports) is walked again
 * @param maxPages the most pages of one collection read ({@code Members@odata.nextLink} followed)
 * @param maxMembers the most members of one collection kept
 * @param walkTimeout the longest one discover or scrape of the BMC may take: requests not begun
 *     by then are not sent, and the walk ends with what it has
 */
public record RedfishSettings(Role role, Telemetry telemetry, Duration topologyRefresh, Integer maxPages,
    Integer maxMembers, Duration walkTimeout) {

  public static final Duration DEFAULT_TOPOLOGY_REFRESH = Duration.ofMinutes(10);
  /** Each inventory walk costs the BMC dozens of requests. */
  public static final Duration MIN_TOPOLOGY_REFRESH = Duration.ofSeconds(10);
  /**
   * Services page at 50 members or more where they page at all (iDRAC9 does not page its inventory
   * collections), so 20 pages hold 1,000 members: more than any server's devices or ports.
   */
  public static final int DEFAULT_MAX_PAGES = 20;
  /** Far above a server's devices, ports or sensors (an R750's largest collection, Sensors, holds about 150). */
  public static final int DEFAULT_MAX_MEMBERS = 5_000;
  /**
   * A first walk is about 30 requests (4.5 s at 150 ms each); two minutes is room for a slow BMC
   * and for two whole requests that time out, and still ends a walk that would not.
   */
  public static final Duration DEFAULT_WALK_TIMEOUT = Duration.ofMinutes(2);

  /** Whose usage the BMC reports. */
  public enum Role { CLIENT, ARRAY }

  /** Where usage readings come from. */
  public enum Telemetry { AUTO, SSE, POLL }

  public RedfishSettings {
    role = role == null ? Role.CLIENT : role;
    telemetry = telemetry == null ? Telemetry.AUTO : telemetry;
    topologyRefresh = topologyRefresh == null ? DEFAULT_TOPOLOGY_REFRESH : topologyRefresh;
    maxPages = maxPages == null ? DEFAULT_MAX_PAGES : maxPages;
    maxMembers = maxMembers == null ? DEFAULT_MAX_MEMBERS : maxMembers;
    walkTimeout = walkTimeout == null ? DEFAULT_WALK_TIMEOUT : walkTimeout;
  }

  /** The walk's bounds at their defaults. */
  public RedfishSettings(Role role, Telemetry telemetry, Duration topologyRefresh) {
    this(role, telemetry, topologyRefresh, null, null, null);
  }

  /** Every default: a client host's BMC, telemetry auto, the inventory walked every 10 minutes. */
  public static RedfishSettings defaults() {
    return new RedfishSettings(null, null, null);
  }

  /** Every problem of the own keys, each naming its key as written in the section. */
  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (topologyRefresh.compareTo(MIN_TOPOLOGY_REFRESH) < 0) {
      problems.add("topology_refresh: must be at least 10s (each walk costs the BMC dozens of requests)");
    }
    if (maxPages < 1) {
      problems.add("max_pages: must be at least 1");
    }
    if (maxMembers < 1) {
      problems.add("max_members: must be at least 1");
    }
    if (walkTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
      problems.add("walk_timeout: must be at least 1s");
    }
    return problems;
  }
}
