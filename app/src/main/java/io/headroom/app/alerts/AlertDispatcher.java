package io.headroom.app.alerts;

import io.headroom.analyzer.live.VerdictListener;
import io.headroom.analyzer.live.WebhookNotifier;
import io.headroom.app.api.MetricsSource;
import io.headroom.app.api.PrometheusText;
import io.headroom.config.AlertTarget;
import io.headroom.config.AlertsConfig;
import io.headroom.config.ConfigException;
import io.headroom.config.Durations;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Turns verdict changes into alerts for the configured targets: a run's or a phase's verdict
 * changed, or a resource stayed at or above its threshold for the configured time. Each piece of
 * news is sent once, through each target's own bounded queue: a run's or phase's judgement when it
 * differs from the last one sent for that run or phase (so DISK, NONE, DISK again is three alerts,
 * and the last one sent is the run's standing verdict), a sustained resource once per run.
 */
public final class AlertDispatcher implements VerdictListener, MetricsSource, AutoCloseable {
  /** Runs, phases and resources remembered for deduplication; the oldest is forgotten past this. */
  private static final int REMEMBERED = 10_000;
  private static final int QUEUE = 1_000;

  private final List<TargetDelivery> targets;
  private final WebhookNotifier plain;
  private final double threshold;
  private final Duration sustainedFor;
  private final Supplier<Instant> clock;
  /** Per {@link AlertEvent#subject()}: the {@link AlertEvent#dedupKey()} last sent about it. */
  private final Map<String, String> sent = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
      return size() > REMEMBERED;
    }
  };
  /** testbed|run|entity of resources now at or above the threshold, and since when. */
  private final Map<String, Hot> hot = new ConcurrentHashMap<>();
  private final ScheduledExecutorService ticker;

  private record Hot(String testbed, String run, HeadroomEntry entry, Instant since) {}

  AlertDispatcher(List<TargetDelivery> targets, double threshold, Duration sustainedFor, Supplier<Instant> clock,
      Duration tick) {
    this(targets, null, threshold, sustainedFor, clock, tick);
  }

  /** @param plain the {@code alerts.webhooks} URLs (unsigned verdict JSON), null when there are none */
  AlertDispatcher(List<TargetDelivery> targets, WebhookNotifier plain, double threshold, Duration sustainedFor,
      Supplier<Instant> clock, Duration tick) {
    this.plain = plain;
    this.targets = List.copyOf(targets);
    this.threshold = threshold;
    this.sustainedFor = sustainedFor;
    this.clock = clock;
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "headroom-alerts-sustained");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleWithFixedDelay(this::checkSustained, tick.toMillis(), tick.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The targets of {@code alerts.targets}; a generic target's secret is read from its variable now. */
  public static AlertDispatcher start(AlertsConfig config, Map<String, String> env) throws ConfigException {
    return start(config, env, TargetDelivery.Retries.DEFAULT);
  }

  static AlertDispatcher start(AlertsConfig config, Map<String, String> env, TargetDelivery.Retries retries)
      throws ConfigException {
    List<TargetDelivery> deliveries = new ArrayList<>();
    for (int i = 0; i < config.targets().size(); i++) {
      AlertTarget t = config.targets().get(i);
      byte[] key = null;
      if (t.secretEnv() != null) {
        String secret = env.get(t.secretEnv());
        if (secret == null || secret.isBlank()) {
          throw new ConfigException("alerts.targets[" + i + "].secret_env: " + t.secretEnv() + " is not set");
        }
        try {
          key = StandardWebhooks.key(secret.trim());
        } catch (IllegalArgumentException e) {
          throw new ConfigException("alerts.targets[" + i + "].secret_env: " + t.secretEnv()
              + " starts with whsec_ but the rest is not base64");
        }
      }
      String routingKey = null;
      if (t.routingKeyEnv() != null) {
        routingKey = env.get(t.routingKeyEnv());
        if (routingKey == null || routingKey.isBlank()) {
          throw new ConfigException("alerts.targets[" + i + "].routing_key_env: " + t.routingKeyEnv() + " is not set");
        }
        routingKey = routingKey.trim();
      }
      AlertFormat format = AlertFormat.of(t, key, routingKey, config::reportOf);
      deliveries.add(new TargetDelivery(t.label() + "#" + i, t.type(), format.endpoint(t.url()), format, retries, QUEUE));
    }
    WebhookNotifier plain = config.webhooks().isEmpty() ? null : new WebhookNotifier(config.webhooks());
    return new AlertDispatcher(deliveries, plain, config.resourceThreshold(), config.resourceFor(), Instant::now,
        Duration.ofSeconds(1));
  }

  @Override
  public void changed(String testbed, Verdict previous, Verdict current) {
    if (plain != null) {
      plain.changed(testbed, previous, current);
    }
    Instant now = clock.get();
    for (AlertEvent e : AlertEvents.of(testbed, previous, current, now)) {
      send(e);
    }
    trackHot(testbed, current, now);
  }

  /** Resources of the run at or above the threshold start (or keep) their clock; the others stop it. */
  private void trackHot(String testbed, Verdict v, Instant now) {
    String prefix = testbed + "|" + v.run() + "|";
    Set<String> stillHot = new java.util.HashSet<>();
    for (HeadroomEntry h : v.headroom()) {
      if (h.utilization() >= threshold) {
        String key = prefix + h.entity();
        stillHot.add(key);
        hot.compute(key, (k, old) -> old == null ? new Hot(testbed, v.run(), h, now) : new Hot(testbed, v.run(), h, old.since()));
      }
    }
    hot.keySet().removeIf(k -> k.startsWith(prefix) && !stillHot.contains(k));
  }

  void checkSustained() {
    Instant now = clock.get();
    for (Iterator<Hot> it = hot.values().iterator(); it.hasNext(); ) {
      Hot h = it.next();
      if (!h.since().plus(sustainedFor).isAfter(now)) {
        send(new AlertEvent(AlertEvents.id(), AlertEvent.Kind.RESOURCE_SUSTAINED, h.testbed(), h.run(), null,
            h.entry().kind(), h.entry().entity(), h.entry().utilization(), Durations.format(sustainedFor),
            List.of(), now, null));
        it.remove();
      }
    }
  }

  private void send(AlertEvent e) {
    synchronized (sent) {
      if (e.dedupKey().equals(sent.put(e.subject(), e.dedupKey()))) {
        return; // the same news again (a second analyzer, a replay)
      }
    }
    targets.forEach(t -> t.offer(e));
  }

  /**
   * Per target, labelled with its kind (its type: {@code generic}, {@code slack},
   * {@code alertmanager}, {@code alertmanager_webhook}, {@code pagerduty}, {@code teams}; or {@code webhook} for an {@code alerts.webhooks} URL, which has no queue or retries: it counts in
   * the delivered and failed families only).
   */
  @Override
  public void write(PrometheusText out) {
    family(out, "headroom_alerts_delivered_total", "counter", "Alerts a target accepted (2xx).", TargetDelivery::delivered);
    plainWebhooks(out, "headroom_alerts_delivered_total", WebhookNotifier.Counts::delivered);
    family(out, "headroom_alerts_failed_total", "counter", "Alerts given up on: refused (4xx) or out of attempts.", TargetDelivery::failed);
    plainWebhooks(out, "headroom_alerts_failed_total", WebhookNotifier.Counts::failed);
    family(out, "headroom_alerts_retries_total", "counter", "Alert delivery attempts that were retries.", TargetDelivery::retried);
    family(out, "headroom_alerts_dropped_total", "counter", "Alerts dropped because a target's queue was full.", TargetDelivery::dropped);
    family(out, "headroom_alerts_queued", "gauge", "Alerts waiting for delivery.", t -> t.waiting());
  }

  private void family(PrometheusText out, String name, String type, String help,
      java.util.function.ToLongFunction<TargetDelivery> value) {
    out.family(name, type, help);
    for (TargetDelivery t : targets) {
      out.sample(name, labels(t.label(), t.kind()), value.applyAsLong(t));
    }
  }

  /** The plain webhooks' samples of family {@code name}, which the call before declared. */
  private void plainWebhooks(PrometheusText out, String name,
      java.util.function.ToLongFunction<WebhookNotifier.Counts> value) {
    if (plain == null) {
      return;
    }
    for (WebhookNotifier.Counts c : plain.counts()) {
      out.sample(name, labels(c.label(), "webhook"), value.applyAsLong(c));
    }
  }

  private static Map<String, String> labels(String target, String kind) {
    return new java.util.TreeMap<>(Map.of("target", target, "kind", kind));
  }

  /** Each target's total deliveries and failures, for the health table. */
  public List<Delivery> deliveries() {
    List<Delivery> out = new ArrayList<>();
    targets.forEach(t -> out.add(new Delivery(t.label(), t.kind(), t.delivered(), t.failed())));
    if (plain != null) {
      plain.counts().forEach(c -> out.add(new Delivery(c.label(), "webhook", c.delivered(), c.failed())));
    }
    return out;
  }

  /** One target's counts since the analyzer started. */
  public record Delivery(String target, String kind, long delivered, long failed) {}

  List<TargetDelivery> targets() {
    return targets;
  }

  @Override
  public void close() throws InterruptedException {
    ticker.shutdownNow();
    for (TargetDelivery t : targets) {
      t.close();
    }
  }
}
