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
 */
public record RedfishSettings(Role role, Telemetry telemetry, Duration topologyRefresh) {

  public static final Duration DEFAULT_TOPOLOGY_REFRESH = Duration.ofMinutes(10);
  /** Each inventory walk costs the BMC dozens of requests. */
  public static final Duration MIN_TOPOLOGY_REFRESH = Duration.ofSeconds(10);

  /** Whose usage the BMC reports. */
  public enum Role { CLIENT, ARRAY }

  /** Where usage readings come from. */
  public enum Telemetry { AUTO, SSE, POLL }

  public RedfishSettings {
    role = role == null ? Role.CLIENT : role;
    telemetry = telemetry == null ? Telemetry.AUTO : telemetry;
    topologyRefresh = topologyRefresh == null ? DEFAULT_TOPOLOGY_REFRESH : topologyRefresh;
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
    return problems;
  }
}
