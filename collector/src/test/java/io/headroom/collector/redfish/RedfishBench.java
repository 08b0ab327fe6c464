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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The collector side of bench/redfish: one collector JVM scraping every stand-in BMC listed in
 * PORTS_FILE every 10 s through the real Redfish source and ScrapeScheduler, for SECONDS. Reports
 * missed intervals (during the first minute, when every BMC's inventory is walked, and after it),
 * scrapes and samples, the process's CPU per wall second and the heap's high-water mark.
 * Usage: RedfishBench PORTS_FILE SECONDS WORKERS
 */
public final class RedfishBench {
  private static final Duration INTERVAL = Duration.ofSeconds(10);
  private static final int WARMUP_SECONDS = 60;

  private RedfishBench() {}

  public static void main(String[] args) throws Exception {
    List<String> ports = Files.readAllLines(Path.of(args[0])).stream().filter(l -> !l.isBlank()).toList();
    int seconds = Integer.parseInt(args[1]);
    int workers = Integer.parseInt(args[2]);
    Path dir = Files.createTempDirectory("redfish-bench");
    Files.writeString(dir.resolve("pw"), "calvin\n");
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
    long heapMax = 0;
    long missedAtWarmup = 0;
    long cpuAtWarmup = 0;
    long tAtWarmup = 0;
    for (int s = 1; s <= seconds; s++) {
      Thread.sleep(1000);
      heapMax = Math.max(heapMax, memory.getHeapMemoryUsage().getUsed());
      if (s == WARMUP_SECONDS) {
        missedAtWarmup = missed(runners);
        cpuAtWarmup = os.getProcessCpuTime();
        tAtWarmup = System.nanoTime();
      }
      if (s % 30 == 0) {
        System.out.printf(Locale.ROOT, "%4d s: %d scrapes, %d samples, %d problems, %d missed, heap %.0f MB%n", s,
            scrapes.get(), samples.get(), problems.get(), missed(runners), heapMax / 1e6);
      }
    }
    long cpu1 = os.getProcessCpuTime();
    long t1 = System.nanoTime();
    long missedTotal = missed(runners);
    System.gc();
    long live = memory.getHeapMemoryUsage().getUsed();
    System.out.printf(Locale.ROOT, "BMCs %d, interval %s, workers %d, %d s%n", runners.size(), INTERVAL, workers, seconds);
    System.out.printf(Locale.ROOT, "scrapes %d (expected about %d), samples %d, problems %d%n", scrapes.get(),
        runners.size() * (long) seconds / INTERVAL.toSeconds(), samples.get(), problems.get());
    System.out.printf(Locale.ROOT, "missed intervals: %d in the first %d s (inventory walks), %d after%n",
        missedAtWarmup, WARMUP_SECONDS, missedTotal - missedAtWarmup);
    System.out.printf(Locale.ROOT, "CPU: %.3f cores over the whole run, %.3f cores after the first %d s%n",
        (cpu1 - cpu0) / (double) (t1 - t0), (cpu1 - cpuAtWarmup) / (double) (t1 - tAtWarmup), WARMUP_SECONDS);
    System.out.printf(Locale.ROOT, "mean scrape duration %.2f s%n", scrapeSeconds.sum() / Math.max(1, scrapes.get()));
    System.out.printf(Locale.ROOT, "heap: used high-water mark %.0f MB (garbage included), live after a full GC %.0f MB, max %.0f MB%n",
        heapMax / 1e6, live / 1e6, Runtime.getRuntime().maxMemory() / 1e6);
    System.out.printf(Locale.ROOT, "load average at the end: %.1f%n", os.getSystemLoadAverage());
    // Closing deletes 1,000 sessions one source after another (the scheduler closes sources in
    // turn), each a round trip to a 300 ms BMC: minutes; the figures above are already out.
    System.exit(0);
  }

  private static long missed(List<ScrapeRunner> runners) {
    return runners.stream().mapToLong(ScrapeRunner::missedIntervals).sum();
  }
}
