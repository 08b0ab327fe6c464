package io.headroom.app.api;

import io.headroom.analyzer.live.VerdictLatency;
import io.headroom.app.service.ConsumerLag;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;
import io.headroom.model.log.RateLimitedLog;
import org.slf4j.LoggerFactory;

/** The analyzer's live-verdict latency and its consumer group's lag on /metrics. */
public final class OwnHealthMetrics implements MetricsSource {
  /** Once a minute at most: every scrape asks again while Kafka is away. */
  private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(OwnHealthMetrics.class),
      java.time.Duration.ofMinutes(1));
  static final String LATENCY = "headroom_live_verdict_latency_seconds";
  static final String LAG = "headroom_ingest_consumer_lag_records";

  private final VerdictLatency latency;
  private final ConsumerLag lag;

  public OwnHealthMetrics(VerdictLatency latency, ConsumerLag lag) {
    this.latency = latency;
    this.lag = lag;
  }

  @Override
  public void write(PrometheusText out) {
    writeLatency(out);
    writeLag(out);
  }

  private void writeLatency(PrometheusText out) {
    VerdictLatency.Snapshot s = latency.snapshot();
    out.family(LATENCY, "histogram", "Seconds from a phase's start to its first live verdict (phases judged while going).");
    for (int i = 0; i < s.bounds().length; i++) {
      out.sample(LATENCY + "_bucket", Map.of("le", bound(s.bounds()[i])), s.cumulative()[i]);
    }
    out.sample(LATENCY + "_bucket", Map.of("le", "+Inf"), s.count());
    out.sample(LATENCY + "_sum", s.sum());
    out.sample(LATENCY + "_count", s.count());
  }

  /** Per partition; when Kafka does not answer, no samples and headroom_ingest_consumer_lag_up 0. */
  private void writeLag(PrometheusText out) {
    Map<TopicPartition, Long> perPartition;
    try {
      perPartition = lag.perPartition();
    } catch (ConsumerLag.LagUnavailable e) {
      LOG.warn("lag unknown", "/metrics: consumer lag unknown: {}", e.getMessage());
      perPartition = null;
    }
    out.family(LAG + "_up", "gauge", "1 when Kafka answered the consumer group's offsets for this scrape.")
        .sample(LAG + "_up", perPartition == null ? 0 : 1);
    out.family(LAG, "gauge", "Records on a partition the analyzers' consumer group has not committed (end offset - committed).");
    if (perPartition != null) {
      for (Map.Entry<TopicPartition, Long> e : perPartition.entrySet()) {
        out.sample(LAG, new TreeMap<>(Map.of("topic", e.getKey().topic(), "partition",
            Integer.toString(e.getKey().partition()))), e.getValue());
      }
    }
  }

  private static String bound(double b) {
    return b == Math.rint(b) ? Long.toString((long) b) : String.format(Locale.ROOT, "%s", b);
  }
}
