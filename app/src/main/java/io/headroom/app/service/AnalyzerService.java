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
import io.headroom.analyzer.live.LiveRounds;
import io.headroom.analyzer.live.LiveVerdicts;
import io.headroom.analyzer.live.VerdictLatency;
import io.headroom.analyzer.live.VerdictListener;
import io.headroom.analyzer.live.WebhookNotifier;
import java.net.URI;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A running analyzer: schema migrated at start, then the ingest loop on its own thread. */
public final class AnalyzerService implements AutoCloseable {
  /**
   * How often active runs are judged when no samples arrive (the pause between the end of one
   * round and the start of the next): abandoned runs are closed and ended runs judged on this
   * beat. A round reads only the open phases (3.2 ms for a 60 s window of one testbed,
   * docs/benchmarks.md).
   */
  public static final Duration LIVE_INTERVAL = Duration.ofMillis(500);
  /**
   * Rounds also run as soon as the ingest stores samples while a run is active, but at most this
   * often. A limit is named from the second reading after its onset, so at a 1 s scrape interval
   * the 2 s onset-to-webhook target (issue 28) leaves under a second for ingest, round and
   * webhook: a stored reading now waits at most this long for its round, not a whole interval.
   */
  public static final Duration LIVE_MIN_GAP = Duration.ofMillis(200);

  private final IngestLoop loop;
  private final Thread thread;
  private final StorageFlavor flavor;
  private final KafkaVerdictPublisher verdictPublisher;
  private final LiveRounds live = new LiveRounds(LIVE_INTERVAL, LIVE_MIN_GAP);
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
    this(ingest, dbUrl, user, password, store, webhooks, new RunAnalyzer(thresholds), abandonAfter, alsoTold);
  }

  /** {@code analyzer}: judges the live runs (the testbed file's thresholds and onset settings); no hold. */
  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store,
      List<URI> webhooks, RunAnalyzer analyzer, Duration abandonAfter, List<VerdictListener> alsoTold)
      throws SQLException {
    this(ingest, dbUrl, user, password, store, webhooks, analyzer, abandonAfter, alsoTold, Duration.ZERO);
  }

  /**
   * {@code hold}: how long a changed live verdict must stay before it is published and alerted
   * (the testbed file's {@code alerts.hold_for}; {@link LiveVerdicts}).
   */
  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store,
      List<URI> webhooks, RunAnalyzer analyzer, Duration abandonAfter, List<VerdictListener> alsoTold, Duration hold)
      throws SQLException {
    try (Database migrationDb = new Database(dbUrl, user, password)) {
      this.flavor = Migrations.migrateAndMaintain(migrationDb.connection(), store);
    }
    this.consumerLag = new ConsumerLag(ingest);
    ActiveRuns active = new ActiveRuns(live::nudge);
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
    LiveVerdicts verdicts = new LiveVerdicts(active, liveDb, analyzer, listeners,
        () -> System.currentTimeMillis() / 1000.0, abandonAfter, latency, hold);
    // a round that throws is logged and the next one runs (a scheduled task would stop for good)
    live.start(supervision.rounds("live verdicts", verdicts));
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
    live.close();
    loop.close();
    thread.join(10_000);
    verdictPublisher.close();
    liveDb.close();
    consumerLag.close();
  }
}
