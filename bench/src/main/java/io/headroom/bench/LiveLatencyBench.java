package io.headroom.bench;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.service.CollectorService;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.config.SpoolConfig;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Issue 28's live-latency harness, needing no root: a real Kafka broker in this JVM, PostgreSQL
 * (127.0.0.1:5432, else an embedded one), the analyzer as it runs in production (AnalyzerService:
 * ingest, live rounds, the webhook), and lanes of collectors (one testbed each) replaying a
 * generated recording at real time, one scrape a wall-clock second, each trial a new open run whose
 * limit begins at a chosen second. Per trial: from publishing the onset's first reading to the
 * changed verdict on the verdicts topic (onset-to-verdict) and to the webhook's arrival
 * (onset-to-webhook); with the array read every 20 s, from publishing its first reading that
 * shows the limit. Prints the trials, their percentiles and the machine's load; deletes its
 * database and work folder at the end; gives up on a trial 10 s after its onset.
 *
 * <p>{@code bench/live/run} runs it; {@code LiveLatencyShortTest} runs a short version in CI.
 */
public final class LiveLatencyBench {
  /** How long after its onset a trial waits for its webhook before counting it missed. */
  static final int GIVE_UP_S = 10;

  /**
   * @param onsets the seconds into the phase a limit begins; each with and without a level change
   * @param arrayEvery seconds between the array node's readings (1, or 20 as the array sources
   *     read): above 1, latencies count from the first reading that shows the limit
   */
  record Settings(int lanes, List<Integer> onsets, String pg, int arrayEvery) {
    Settings(int lanes, List<Integer> onsets, String pg) {
      this(lanes, onsets, pg, 1);
    }
  }

  /**
   * One trial: latencies in seconds, NaN when missed; whether the verdict's onset was the reading's
   * (the limit's first reading: at 1 s the onset's second, at 20 s the first array reading that shows it).
   */
  record Trial(String key, int onset, boolean levelChange, double toVerdict, double toWebhook, int shows, double said) {
    /** The verdict's sub-phase starts at the limit's first reading. */
    boolean onsetRight() {
      return said == shows;
    }
  }

  record Report(List<Trial> trials, String loadBefore, String loadAfter) {
    double[] webhook() {
      return trials.stream().mapToDouble(Trial::toWebhook).toArray();
    }

    double[] verdict() {
      return trials.stream().mapToDouble(Trial::toVerdict).toArray();
    }

    long missed() {
      return trials.stream().filter(t -> Double.isNaN(t.toWebhook())).count();
    }
  }

  private LiveLatencyBench() {}

  public static void main(String[] args) throws Exception {
    int lanes = Integer.getInteger("lanes", 4);
    List<Integer> onsets = Arrays.stream(System.getProperty("onsets", "2,5,10,30,60").split(","))
        .map(String::trim).map(Integer::valueOf).toList();
    Report r = run(new Settings(lanes, onsets, System.getProperty("pg", "127.0.0.1:5432"),
        Integer.getInteger("arrayEvery", 1)));
    print(r);
  }

  static Report run(Settings s) throws Exception {
    Path work = Files.createTempDirectory("headroom-bench-live");
    String loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"));
        BenchDb db = BenchDb.create(s.pg(), "headroom_live_" + ProcessHandle.current().pid() + "_" + System.nanoTime() % 100_000,
            work)) {
      KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
      Topics topics = new Topics("live.");
      TopicSetup.ensure(client, topics, 2, (short) 1);
      List<Trial> trials;
      try (LiveArrivals arrivals = new LiveArrivals("ARRAY_CPU", client, topics.verdicts());
          AnalyzerService analyzer = new AnalyzerService(IngestConfig.defaults(client, topics), db.url, null, null,
              StoreConfig.DEFAULTS, List.of(arrivals.hook()))) {
        trials = lanes(s, client, topics, work, arrivals, analyzer);
      }
      return new Report(trials, loadBefore, Files.readString(Path.of("/proc/loadavg")).trim());
    } finally {
      deleteTree(work);
    }
  }

  /**
   * Waits until the analyzer's consumer group has joined and stored a record: before that a trial
   * would time the group's join (seconds), not the live path. A warm-up testbed's one scrape.
   */
  private static void warmUp(AnalyzerService analyzer) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    while (analyzer.samplesStored() == 0) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("the analyzer stored nothing within 120 s of its start");
      }
      Thread.sleep(100);
    }
  }

  private static List<Trial> lanes(Settings s, KafkaClient client, Topics topics, Path work, LiveArrivals arrivals,
      AnalyzerService analyzer) throws Exception {
    try (CollectorService warm = new CollectorService("warmup", client, topics,
        new SpoolConfig(work.resolve("spool-warmup"), 64L << 20, 1L << 20), List.of(), null)) {
      OnsetSource source = new OnsetSource("warmup");
      warm.publish(new ScrapeRunner("warmup", source, () -> System.currentTimeMillis() / 1000.0).scrapeOnce());
      warmUp(analyzer);
    }
    ExecutorService pool = Executors.newFixedThreadPool(s.lanes());
    try {
      List<Future<List<Trial>>> futures = new ArrayList<>();
      for (int i = 0; i < s.lanes(); i++) {
        int lane = i;
        futures.add(pool.submit(() -> lane(lane, s, client, topics, work, arrivals)));
      }
      List<Trial> out = new ArrayList<>();
      for (Future<List<Trial>> f : futures) {
        out.addAll(f.get());
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  /** One testbed's trials in turn: every onset, with and without a level change, rotated by lane. */
  private static List<Trial> lane(int lane, Settings s, KafkaClient client, Topics topics, Path work,
      LiveArrivals arrivals) throws Exception {
    String testbed = "lane" + lane;
    OnsetSource source = new OnsetSource(testbed, s.arrayEvery());
    double[] tick = {0};
    ScrapeRunner runner = new ScrapeRunner(testbed, source, () -> tick[0]);
    List<Trial> out = new ArrayList<>();
    try (CollectorService collector = new CollectorService(testbed, client, topics,
        new SpoolConfig(work.resolve("spool-" + lane), 64L << 20, 1L << 20), List.of(runner), null)) {
      int n = s.onsets().size() * 2;
      for (int i = 0; i < n; i++) {
        int which = (i + lane) % n;
        out.add(trial(testbed + "|t" + i, s.onsets().get(which / 2), which % 2 == 1, collector, runner, source, tick,
            arrivals));
      }
    }
    return out;
  }

  private static Trial trial(String key, int onset, boolean levelChange, CollectorService collector, ScrapeRunner runner,
      OnsetSource source, double[] tick, LiveArrivals arrivals) throws InterruptedException {
    String testbed = key.substring(0, key.indexOf('|'));
    String run = key.substring(key.indexOf('|') + 1);
    source.trial(onset, levelChange);
    int shows = source.firstShowing();
    long startMs = (System.currentTimeMillis() / 1000 + 1) * 1000;
    double start = startMs / 1000.0;
    collector.publishRun(new Run(run, testbed, start, null, Map.of("tool", "fio")));
    collector.publishRun(new Phase(run, "steady", start, null));
    long onsetMs = 0;
    for (int k = 1; k <= shows + GIVE_UP_S && arrivals.webhook(key) == null; k++) {
      sleepUntil(startMs + k * 1000L);
      source.advance();
      tick[0] = start + k; // a reading is stamped at the end of the second it covers
      collector.publish(runner.scrapeOnce());
      if (k == shows) {
        onsetMs = System.currentTimeMillis();
      }
    }
    // the verdicts topic's record, sent before the webhook, read by a consumer of its own
    for (int i = 0; i < 40 && arrivals.webhook(key) != null && arrivals.verdict(key) == null; i++) {
      Thread.sleep(100);
    }
    double end = start + source.second();
    collector.publishRun(new Phase(run, "steady", start, end));
    collector.publishRun(new Run(run, testbed, start, end, Map.of("tool", "fio")));
    Long hook = arrivals.webhook(key);
    Long verdict = arrivals.verdict(key);
    Double said = arrivals.onsetSaid(key);
    return new Trial(key, onset, levelChange, verdict == null ? Double.NaN : (verdict - onsetMs) / 1000.0,
        hook == null ? Double.NaN : (hook - onsetMs) / 1000.0, shows, said == null ? Double.NaN : said - start);
  }

  private static void sleepUntil(long ms) throws InterruptedException {
    long left = ms - System.currentTimeMillis();
    if (left > 0) {
      Thread.sleep(left);
    }
  }

  /** Nearest-rank percentile of the trials that were heard; a missed one counts as infinitely late. */
  static double percentile(double[] values, double p) {
    double[] v = values.clone();
    for (int i = 0; i < v.length; i++) {
      v[i] = Double.isNaN(v[i]) ? Double.POSITIVE_INFINITY : v[i];
    }
    Arrays.sort(v);
    int rank = (int) Math.ceil(p * v.length);
    return v.length == 0 ? Double.NaN : v[Math.max(0, rank - 1)];
  }

  static void print(Report r) {
    System.out.println("| trial | onset s | level change | first reading at the limit s | onset said s | onset-to-verdict s | onset-to-webhook s |");
    System.out.println("|---|---|---|---|---|---|---|");
    r.trials().stream().sorted(Comparator.comparing(Trial::key)).forEach(t -> System.out.printf(
        "| %s | %d | %s | %d | %.0f | %.2f | %.2f |%n", t.key(), t.onset(), t.levelChange(), t.shows(), t.said(), t.toVerdict(),
        t.toWebhook()));
    System.out.printf("trials %d, missed %d; onset-to-verdict p50 %.2f s p95 %.2f s max %.2f s; "
        + "onset-to-webhook p50 %.2f s p95 %.2f s max %.2f s (target p95 <= 2 s)%n", r.trials().size(), r.missed(),
        percentile(r.verdict(), 0.5), percentile(r.verdict(), 0.95), percentile(r.verdict(), 1.0),
        percentile(r.webhook(), 0.5), percentile(r.webhook(), 0.95), percentile(r.webhook(), 1.0));
    System.out.println("load average before: " + r.loadBefore() + "; after: " + r.loadAfter());
  }

  private static void deleteTree(Path dir) throws java.io.IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
