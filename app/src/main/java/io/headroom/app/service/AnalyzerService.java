package io.headroom.app.service;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.ingest.IngestLoop;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StorageFlavor;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.live.KafkaVerdictPublisher;
import io.headroom.analyzer.live.LiveVerdicts;
import io.headroom.analyzer.live.VerdictLatency;
import io.headroom.analyzer.live.VerdictListener;
import io.headroom.analyzer.live.WebhookNotifier;
import java.net.URI;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** A running analyzer: schema migrated at start, then the ingest loop on its own thread. */
public final class AnalyzerService implements AutoCloseable {
  /**
   * How often active runs are judged (the pause between the end of one round and the start of the
   * next). A limit is named from the second reading after its onset, so at a 1 s scrape interval
   * the 2 s onset-to-webhook target (issue 28) leaves about 0.7 s for the wait for a round; a
   * round reads only the open phases (3.2 ms for a 60 s window of one testbed, docs/benchmarks.md).
   */
  public static final Duration LIVE_INTERVAL = Duration.ofMillis(500);

  private final IngestLoop loop;
  private final Thread thread;
  private final StorageFlavor flavor;
  private final KafkaVerdictPublisher verdictPublisher;
  private final ScheduledExecutorService live;
  private final Database liveDb;
  private final Supervision supervision = new Supervision();
  private final VerdictLatency latency = new VerdictLatency();
  private final ConsumerLag consumerLag;
  private volatile boolean closing;

  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store)
      throws SQLException {
    this(ingest, dbUrl, user, password, store, List.of());
  }

  /** {@code webhooks}: alert URLs told of every verdict change. */
  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store,
      List<URI> webhooks) throws SQLException {
    this(ingest, dbUrl, user, password, store, webhooks, Thresholds.defaults());
  }

  /** {@code thresholds}: what the live verdicts judge against. */
  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store,
      List<URI> webhooks, Thresholds thresholds) throws SQLException {
    this(ingest, dbUrl, user, password, store, webhooks, thresholds, LiveVerdicts.DEFAULT_ABANDON_AFTER);
  }

  /** {@code abandonAfter}: see {@link LiveVerdicts}; a run silent this long without an end is closed. */
  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store,
      List<URI> webhooks, Thresholds thresholds, Duration abandonAfter) throws SQLException {
    this(ingest, dbUrl, user, password, store, webhooks, thresholds, abandonAfter, List.of());
  }

  /** {@code alsoTold}: more listeners of verdict changes (alert targets, annotations). */
  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store,
      List<URI> webhooks, Thresholds thresholds, Duration abandonAfter, List<VerdictListener> alsoTold)
      throws SQLException {
    try (Database migrationDb = new Database(dbUrl, user, password)) {
      this.flavor = Migrations.migrateAndMaintain(migrationDb.connection(), store);
    }
    this.consumerLag = new ConsumerLag(ingest);
    ActiveRuns active = new ActiveRuns();
    this.loop = new IngestLoop(ingest, new Database(dbUrl, user, password), active);
    this.thread = new Thread(supervision.lifelong("ingest", loop, () -> closing), "headroom-ingest");
    thread.setDaemon(true);
    thread.start();
    this.verdictPublisher = new KafkaVerdictPublisher(ingest.kafka(), ingest.topics().verdicts());
    List<VerdictListener> listeners = new ArrayList<>(List.of(verdictPublisher));
    if (!webhooks.isEmpty()) {
      listeners.add(new WebhookNotifier(webhooks));
    }
    listeners.addAll(alsoTold);
    this.liveDb = new Database(dbUrl, user, password);
    this.live = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "headroom-live-verdicts");
      t.setDaemon(true);
      return t;
    });
    LiveVerdicts verdicts = new LiveVerdicts(active, liveDb, new RunAnalyzer(thresholds), listeners,
        () -> System.currentTimeMillis() / 1000.0, abandonAfter, latency);
    // scheduleWithFixedDelay stops for good, silently, after a task throws: rounds() keeps it going
    live.scheduleWithFixedDelay(supervision.rounds("live verdicts", verdicts), LIVE_INTERVAL.toMillis(), LIVE_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** How long phases waited for their first live verdict. */
  public VerdictLatency liveVerdictLatency() {
    return latency;
  }

  /** The consumer group's lag, read from Kafka on request. */
  public ConsumerLag consumerLag() {
    return consumerLag;
  }

  public StorageFlavor flavor() {
    return flavor;
  }

  public long samplesStored() {
    return loop.samplesStored();
  }

  /** Records set aside in table dead_letter (undecodable, or refused by the database). */
  public long deadLettered() {
    return loop.deadLettered();
  }

  /**
   * How the analyzer is doing, for a person or a probe: ingest storing, retrying (and on what) or
   * stopped; counts of samples stored, records set aside, live-verdict rounds that failed.
   */
  public record Health(String ingest, long samplesStored, long deadLettered, long failedVerdictRounds) {}

  public Health health() {
    String ingest = failure().isDone() ? "stopped: " + failure().join() : loop.state();
    return new Health(ingest, loop.samplesStored(), loop.deadLettered(), supervision.failedRounds());
  }

  /** Completes with a one-line reason when ingestion or live verdicts stopped for good. */
  public java.util.concurrent.CompletableFuture<String> failure() {
    return supervision.failure();
  }

  /** Rounds of live verdicts that failed and were retried. */
  public long failedVerdictRounds() {
    return supervision.failedRounds();
  }

  @Override
  public void close() throws InterruptedException {
    closing = true;
    live.shutdown();
    live.awaitTermination(10, TimeUnit.SECONDS);
    loop.close();
    thread.join(10_000);
    verdictPublisher.close();
    liveDb.close();
    consumerLag.close();
  }
}
