package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.RemoteHttpException;
import io.headroom.collector.remote.RemoteStream;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import okio.BufferedSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BMC's server-sent event stream, filtered to metric reports, read on one daemon thread. Each
 * report's MetricValues (MetricValue arrives as a string) are kept as the latest reading of their
 * MetricId, stamped with when they arrived here. A stream that goes silent longer than
 * {@code silence} (iDRAC closes it after about an hour without events) or drops is reopened after
 * a wait that doubles while the BMC cannot be reached at all (rebooting) up to five minutes. A
 * stream the BMC refuses (no telemetry licence, subscription limit, a 4xx) is not retried: the
 * source polls instead, and says so.
 */
final class TelemetryStream implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TelemetryStream.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  static final Duration MAX_WAIT = Duration.ofMinutes(5);

  /** Waits between attempts; tests see the waits without taking them. */
  interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  record Value(double value, Instant at) {}

  private final BmcClient client;
  private final String uri;
  private final Duration silence;
  private final Duration firstWait;
  private final Clock clock;
  private final Sleeper sleeper;
  private final Map<String, Value> latest = new ConcurrentHashMap<>();
  private final Thread thread;
  private volatile boolean closed;
  private volatile RemoteStream open;
  private volatile String refused;
  private volatile int opened;

  /**
   * @param uri the ServerSentEventUri with the quoted filter; the unquoted spelling is tried when
   *     the BMC answers 400 to it
   */
  TelemetryStream(BmcClient client, String uri, Duration silence, Duration firstWait, Clock clock, Sleeper sleeper) {
    this.client = client;
    this.uri = uri;
    this.silence = silence;
    this.firstWait = firstWait;
    this.clock = clock;
    this.sleeper = sleeper;
    this.thread = new Thread(this::run, "redfish-sse " + client.target());
    thread.setDaemon(true);
  }

  TelemetryStream start() {
    thread.start();
    return this;
  }

  /** The latest value of {@code metricId} received within {@code maxAge}, or null. */
  Value latest(String metricId, Duration maxAge) {
    Value v = latest.get(metricId);
    return v == null || v.at().isBefore(clock.instant().minus(maxAge)) ? null : v;
  }

  /** Why the BMC refused the stream, or null while it is accepted or being retried. */
  String refused() {
    return refused;
  }

  /** How many times the stream was opened (reopens after silence or drops included). */
  int opened() {
    return opened;
  }

  private void run() {
    String path = uri;
    Duration failing = firstWait; // the wait after the next failure; doubles while they repeat
    while (!closed) {
      Duration wait;
      try (RemoteStream r = client.openStream(path, silence)) {
        open = r;
        opened++;
        failing = firstWait;
        read(r.source());
        wait = firstWait;
        LOG.info("{}: telemetry stream ended; reopening in {}", client.target(), wait);
      } catch (RemoteHttpException e) {
        if (e.status() == 400 && path.equals(uri)) {
          path = uri.replace(TelemetryProbe.FILTER_QUOTED, TelemetryProbe.FILTER_UNQUOTED);
          continue; // older firmware takes the filter value unquoted
        }
        if (e.status() >= 400 && e.status() < 500) {
          refused = "stream refused: " + e.getMessage();
          LOG.warn("{}: telemetry {}; polling instead", client.target(), refused);
          return;
        }
        wait = failing;
        failing = failed(failing, e);
      } catch (IOException e) {
        wait = failing;
        failing = failed(failing, e);
      } finally {
        open = null;
      }
      if (!pause(wait)) {
        return;
      }
    }
  }

  /** A stream that could not be opened or broke: the wait after the next failure doubles (a rebooting BMC takes minutes). */
  private Duration failed(Duration wait, IOException e) {
    if (!closed) {
      LOG.info("{}: telemetry stream: {}; retrying in {}", client.target(), e.getMessage(), wait);
    }
    Duration next = wait.multipliedBy(2);
    return next.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : next;
  }

  private boolean pause(Duration wait) {
    try {
      sleeper.sleep(wait);
      return !closed;
    } catch (InterruptedException e) {
      return false;
    }
  }

  /** Reads events until the stream ends: "data:" lines up to a blank line make one event. */
  private void read(BufferedSource source) throws IOException {
    StringBuilder data = new StringBuilder();
    String line;
    while (!closed && (line = source.readUtf8Line()) != null) {
      if (line.isEmpty()) {
        if (data.length() > 0) {
          event(data.toString());
          data.setLength(0);
        }
      } else if (line.startsWith("data:")) {
        data.append(line.substring(line.startsWith("data: ") ? 6 : 5)).append('\n');
      }
      // "id:", "event:", "retry:" and ":" comments (keep-alives) carry nothing we use
    }
  }

  private void event(String data) {
    JsonNode doc;
    try {
      doc = JSON.readTree(data);
    } catch (IOException e) {
      LOG.warn("{}: telemetry event is not JSON ({} chars), skipped", client.target(), data.length());
      return;
    }
    JsonNode values = doc.get("MetricValues");
    if (values == null || !values.isArray()) {
      return; // an alert or other event: not a metric report
    }
    Instant now = clock.instant();
    for (JsonNode v : values) {
      String id = Json.text(v.get("MetricId"));
      Double value = Json.number(v.get("MetricValue"));
      if (id != null && value != null) {
        latest.put(id, new Value(value, now));
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    RemoteStream r = open;
    if (r != null) {
      r.cancel(); // wakes the reader blocked in a read; it closes the response itself
    }
  }
}
