package io.headroom.collector.redfish;

import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.TlsSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The testbed section of one BMC ({@code type: redfish}). The endpoint keys sit at the top level
 * of the section, as the testbed contract writes them ({@code url:}, {@code username:}, {@code tls:}
 * ...), and are handed to the shared {@link RemoteEndpoint}; the rest are Redfish's own.
 *
 * @param role whose CPU the BMC's usage figures are: a client host's ({@code host_cpu}) or an
 *     array node's ({@code array_cpu}, a storage server running software-defined storage)
 * @param telemetry how usage arrives: {@code auto} (the SSE stream where offered, else polling),
 *     {@code sse} (the stream is expected; a refusal is a problem each scrape, readings are polled
 *     meanwhile), {@code poll} (never open a stream)
 * @param topologyRefresh how often the inventory (devices, slots, ports) is walked again
 */
public record RedfishSettings(
    URI url,
    Boolean plaintext,
    String username,
    String passwordEnv,
    Path passwordFile,
    TlsSettings tls,
    Integer maxConcurrency,
    Duration connectTimeout,
    Duration readTimeout,
    Duration timeout,
    Integer retries,
    Role role,
    Telemetry telemetry,
    Duration topologyRefresh) {

  public static final Duration DEFAULT_TOPOLOGY_REFRESH = Duration.ofMinutes(10);

  /** Whose usage the BMC reports. */
  public enum Role { CLIENT, ARRAY }

  /** Where usage readings come from. */
  public enum Telemetry { AUTO, SSE, POLL }

  public RedfishSettings {
    role = role == null ? Role.CLIENT : role;
    telemetry = telemetry == null ? Telemetry.AUTO : telemetry;
    topologyRefresh = topologyRefresh == null ? DEFAULT_TOPOLOGY_REFRESH : topologyRefresh;
  }

  /** The shared endpoint settings (url, TLS, login, limits), defaults filled in. */
  public RemoteEndpoint endpoint() {
    return new RemoteEndpoint(url, plaintext, username, passwordEnv, passwordFile, tls, maxConcurrency,
        connectTimeout, readTimeout, timeout, retries);
  }

  /** Every problem, each naming its key as written in the section. */
  public List<String> validate() {
    List<String> problems = new ArrayList<>(endpoint().validate());
    if (topologyRefresh.compareTo(Duration.ofSeconds(10)) < 0) {
      problems.add("topology_refresh: must be at least 10s (each walk costs the BMC dozens of requests)");
    }
    return problems;
  }
}
