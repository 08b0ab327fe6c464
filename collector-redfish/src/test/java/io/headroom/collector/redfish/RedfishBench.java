package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.runtime.SchedulerSettings;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.runtime.ScrapeScheduler;
import io.headroom.collector.source.SourceContext;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The collector side of bench/redfish: one collector JVM scraping every stand-in BMC listed in
 * PORTS_FILE every 10 s through the real Redfish source and ScrapeScheduler: a warm-up (every
 * BMC's inventory walk), then SECONDS measured. Reports missed intervals, scrapes and samples, the
 * process's CPU (per wall second, and per scrape, which the machine's load distorts least) and the
 * heap's high-water mark.
 * Usage: RedfishBench PORTS_FILE SECONDS WORKERS
 */
public final class RedfishBench {
  private static final Duration INTERVAL = Duration.ofSeconds(10);
  /** The longest warm-up before the measured window starts regardless. */
  private static final int WARMUP_LIMIT_SECONDS = 240;

  private RedfishBench() {}

  public static void main(String[] args) throws Exception {
    List<String> ports = Files.readAllLines(Path.of(args[0])).stream().filter(l -> !l.isBlank()).toList();
    int seconds = Integer.parseInt(args[1]);
    int workers = Integer.parseInt(args[2]);
    Path dir = Files.createTempDirectory("redfish-bench");
    // The stand-ins' password in a file only its owner reads, removed however the bench ends
    // (it ends in System.exit below, and a Ctrl-C runs the same hook).
    Path passwordFile = Files.writeString(dir.resolve("pw"), "calvin\n");
    Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
    Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(passwordFile, dir)));
    ObjectMapper json = new ObjectMapper();
    List<ScrapeRunner> runners = new ArrayList<>();
    RedfishSourceFactory factory = new RedfishSourceFactory();
    for (int i = 0; i < ports.size(); i++) {
      var settings = json.createObjectNode().put("url", "http://127.0.0.1:" + ports.get(i)).put("plaintext", true)
          .put("username", "root").put("password_file", "pw").put("telemetry", "poll").put("role", "array");
      String host = "bmc" + i;
      runners.add(new ScrapeRunner(host, factory.create(new SourceContext(host, INTERVAL, dir), settings),
          () -> System.currentTimeMillis() / 1000.0));
    }
    AtomicLong scrapes = new AtomicLong();
    AtomicLong samples = new AtomicLong();
    AtomicLong problems = new AtomicLong();
    java.util.concurrent.atomic.DoubleAdder scrapeSeconds = new java.util.concurrent.atomic.DoubleAdder();
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    ScrapeScheduler scheduler = new ScrapeScheduler("bench", runners, (tb, s) -> {
      scrapes.incrementAndGet();
      samples.addAndGet(s.sampleCount());
      problems.addAndGet(s.problems().size());
      s.readings().forEach((entity, rs) -> rs.stream().filter(r -> r.metric().equals("scrape_duration_s"))
          .forEach(r -> scrapeSeconds.add(r.value())));
    }, SchedulerSettings.withMaxWorkers(workers));
    long cpu0 = os.getProcessCpuTime();
    long t0 = System.nanoTime();
    scheduler.start();
    // Warm-up: every BMC's first scrape walks its inventory (about 30 GETs); the window measured
    // starts once there have been two scrapes per BMC on average (or after WARMUP_LIMIT_SECONDS),
    // so it holds steady-state scrapes whatever the machine's load did to the warm-up.
    int warmup = 0;
    while (warmup < WARMUP_LIMIT_SECONDS && scrapes.get() < 2L * runners.size()) {
      Thread.sleep(1000);
      warmup++;
    }
    long missedAtWarmup = missed(runners);
    long scrapesAtWarmup = scrapes.get();
    long cpuAtWarmup = os.getProcessCpuTime();
    long tAtWarmup = System.nanoTime();
    double scrapeSecondsAtWarmup = scrapeSeconds.sum();
    long heapMax = 0;
    for (int s = 1; s <= seconds; s++) {
      Thread.sleep(1000);
      heapMax = Math.max(heapMax, memory.getHeapMemoryUsage().getUsed());
      if (s % 30 == 0) {
        System.out.printf(Locale.ROOT, "%4d s: %d scrapes, %d samples, %d problems, %d missed, heap %.0f MB, load %.0f%n", s,
            scrapes.get() - scrapesAtWarmup, samples.get(), problems.get(), missed(runners) - missedAtWarmup, heapMax / 1e6,
            os.getSystemLoadAverage());
      }
    }
    long cpu1 = os.getProcessCpuTime();
    long t1 = System.nanoTime();
    long measured = scrapes.get() - scrapesAtWarmup;
    long missedTotal = missed(runners);
    System.gc();
    long live = memory.getHeapMemoryUsage().getUsed();
    System.out.printf(Locale.ROOT, "BMCs %d, interval %s, workers %d; warm-up %d s (%d scrapes, %d missed), then %d s measured%n",
        runners.size(), INTERVAL, workers, warmup, scrapesAtWarmup, missedAtWarmup, seconds);
    System.out.printf(Locale.ROOT, "measured: scrapes %d (expected %d), samples %d, problems %d, missed intervals %d%n",
        measured, runners.size() * (long) seconds / INTERVAL.toSeconds(), samples.get(), problems.get(),
        missedTotal - missedAtWarmup);
    double cores = (cpu1 - cpuAtWarmup) / (double) (t1 - tAtWarmup);
    System.out.printf(Locale.ROOT, "CPU: %.3f cores measured (%.3f over the whole run); %.2f ms of CPU per scrape%n",
        cores, (cpu1 - cpu0) / (double) (t1 - t0), (cpu1 - cpuAtWarmup) / 1e6 / Math.max(1, measured));
    System.out.printf(Locale.ROOT, "at the full rate (%d BMCs / %d s = %.0f scrapes/s) that is %.3f cores%n",
        runners.size(), INTERVAL.toSeconds(), runners.size() / (double) INTERVAL.toSeconds(),
        (cpu1 - cpuAtWarmup) / 1e9 / Math.max(1, measured) * runners.size() / INTERVAL.toSeconds());
    System.out.printf(Locale.ROOT, "mean scrape duration %.2f s%n",
        (scrapeSeconds.sum() - scrapeSecondsAtWarmup) / Math.max(1, measured));
    System.out.printf(Locale.ROOT, "heap: used high-water mark %.0f MB (garbage included), live after a full GC %.0f MB, max %.0f MB%n",
        heapMax / 1e6, live / 1e6, Runtime.getRuntime().maxMemory() / 1e6);
    System.out.printf(Locale.ROOT, "load average at the end: %.1f%n", os.getSystemLoadAverage());
    // Closing deletes 1,000 sessions one source after another (the scheduler closes sources in
    // turn), each a round trip to a 300 ms BMC: minutes; the figures above are already out.
    System.exit(0);
  }

  private static void deleteQuietly(Path... paths) {
    for (Path p : paths) {
      try {
        Files.deleteIfExists(p);
      } catch (java.io.IOException e) {
        System.err.println("bench: could not remove " + p + ": " + e.getMessage());
      }
    }
  }

  private static long missed(List<ScrapeRunner> runners) {
    return runners.stream().mapToLong(ScrapeRunner::missedIntervals).sum();
  }
}
