package io.headroom.collector.snmp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.Secret;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.runtime.ScrapeScheduler;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.SourceContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bench/snmp/run: (1) one agent's ifXTable walked by the source's walker and by net-snmp's
 * snmpbulkwalk at the same max-repetitions, alternately, in one run; (2) many snmp sources on one
 * collector scheduler, every 5 s, counting missed intervals. In the source's package: the walker
 * is not public, and the bench times it alone, not a whole scrape.
 */
public final class SnmpBench {
  private SnmpBench() {}

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "walk" -> walk(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
      case "agents" -> agents(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]));
      default -> throw new IllegalArgumentException("walk AGENT COMMUNITY MAXREP N | agents AGENT COMMUNITY COUNT SECONDS");
    }
  }

  private static void walk(String agent, String community, int maxRep, int n) throws Exception {
    SnmpSettings settings = new SnmpSettings(agent, "2c", community, null, null, null, maxRep, Duration.ofSeconds(10), 0, null);
    String[] cmd = {"snmpbulkwalk", "-v2c", "-c", community, "-Cr" + maxRep, "-On", "-Oq", "-m", "", agent,
        "1.3.6.1.2.1.31.1.1"};
    double[] ours = new double[n];
    double[] theirs = new double[n];
    double[] ourCpu = new double[n];
    double[] theirCpu = new double[n];
    int values = 0;
    long lines = 0;
    int warmUps = Integer.getInteger("warmups", 20);
    try (AgentSession session = AgentSession.open(settings, new AgentSecrets(Secret.of(community), null, null))) {
      Walker walker = new Walker(session, maxRep);
      values = walker.walk(Oids.IFX_ENTRY).bindings().size(); // the count
      int warmed = 1;
      int quiet = 0; // rounds in a row in which the JIT compiled for under JIT_QUIET_MS
      long jitMs = 0;
      // A collector walks for hours: its steady state, after the JIT, is what counts. So at least
      // WARMUPS rounds, then on until QUIET_ROUNDS in a row in which the JIT compiles for under
      // JIT_QUIET_MS each. After 20 rounds it was still compiling: the column types' BER decoders
      // reach C2's thresholds after about 26 walks of 192 values each, and then Walker.walk is
      // recompiled with them inlined (0.6 s of C2); that landed in the timed walks, 35-63 ms of
      // compiler CPU a walk counted as the walker's (7 December). A warm-up round is a timed round
      // thrown away, so the bench's own code (starting snmpbulkwalk, reading its output, the
      // per-thread CPU) is compiled before the timed walks too.
      while (warmed < warmUps || (quiet < QUIET_ROUNDS && warmed < MAX_WARMUPS)) {
        long jit0 = JIT.getTotalCompilationTime();
        pair(walker, cmd, values, new java.util.TreeMap<>());
        jitMs = JIT.getTotalCompilationTime() - jit0;
        quiet = jitMs < JIT_QUIET_MS ? quiet + 1 : 0;
        warmed++;
      }
      // Nothing is printed before the timed rounds: printf's first use loads classes (Formatter,
      // locale data) that invalidated the compiled walker's class-hierarchy assumptions, and its
      // recompilation (0.87 s of C2) landed in the first timed walk.
      long jitTimed = JIT.getTotalCompilationTime();
      Map<String, Long> byThread = new java.util.TreeMap<>();
      for (int i = 0; i < n; i++) {
        Pair p = pair(walker, cmd, values, byThread);
        ours[i] = p.ourMs();
        ourCpu[i] = p.ourCpuMs();
        theirs[i] = p.theirMs();
        theirCpu[i] = p.theirCpuMs();
        lines = p.bytes();
      }
      System.out.printf("warm-up: %d rounds, the last %d of them with under %d ms of JIT compilation each%s%n", warmed,
          quiet, JIT_QUIET_MS, quiet < QUIET_ROUNDS ? " (the cap of " + MAX_WARMUPS + " reached first)" : "");
      printThreadCpu(byThread, n);
      System.out.printf("  the JIT compiled for %d ms in the %d timed rounds%n", JIT.getTotalCompilationTime() - jitTimed, n);
    }
    System.out.printf("ifXTable walk, %d values, max-repetitions %d, %d walks each, alternating%n", values, maxRep, n);
    System.out.printf("  headroom walker : median %.1f ms, min %.1f ms, max %.1f ms%n", median(ours), min(ours), max(ours));
    System.out.printf("  snmpbulkwalk    : median %.1f ms, min %.1f ms, max %.1f ms (process wall time, %d bytes out)%n",
        median(theirs), min(theirs), max(theirs), lines);
    System.out.printf("  ratio of medians: %.2f (target <= 1.0, issue 28; 1.2 before)%n", median(ours) / median(theirs));
    // the child's CPU is counted in whole clock ticks (10 ms): the mean over the walks is the figure
    System.out.printf("CPU per walk, mean of %d after at least %d warm-up walks: headroom walker %.1f ms (the JVM's process CPU, "
        + "every thread: JIT and GC included), snmpbulkwalk %.1f ms (its process, start included); ratio %.2f%n", n,
        warmUps, mean(ourCpu), mean(theirCpu), mean(ourCpu) / mean(theirCpu));
    System.out.println("load average: " + java.nio.file.Files.readString(Path.of("/proc/loadavg")).trim());
  }

  /** One timed round: the walker's walk (wall, process CPU), then snmpbulkwalk's (wall, its CPU). */
  private record Pair(double ourMs, double ourCpuMs, double theirMs, double theirCpuMs, long bytes) {}

  /** Times one round; the JVM's CPU by thread during the walker's walk is added to {@code byThread}. */
  private static Pair pair(Walker walker, String[] cmd, int values, Map<String, Long> byThread) throws Exception {
    Map<String, Long> threads0 = threadCpu();
    long c0 = processCpuNanos();
    long t0 = System.nanoTime();
    TableWalk w = walker.walk(Oids.IFX_ENTRY);
    double ourMs = (System.nanoTime() - t0) / 1e6;
    double ourCpuMs = (processCpuNanos() - c0) / 1e6;
    addDelta(byThread, threads0, threadCpu());
    if (!w.complete() || w.bindings().size() != values) {
      throw new IllegalStateException("a walk got " + w.bindings().size() + " values of " + values + ", " + w.incomplete());
    }
    long k0 = childrenCpuTicks();
    t0 = System.nanoTime();
    long bytes = bulkwalk(cmd);
    double theirMs = (System.nanoTime() - t0) / 1e6;
    double theirCpuMs = (childrenCpuTicks() - k0) * 1000.0 / TICKS_PER_S;
    return new Pair(ourMs, ourCpuMs, theirMs, theirCpuMs, bytes);
  }

  /** Runs snmpbulkwalk once; the bytes it printed. */
  private static long bulkwalk(String[] cmd) throws java.io.IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    long bytes = p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
    p.waitFor();
    return bytes;
  }

  /** Every thread's CPU so far (JIT compiler and GC threads too), in clock ticks, by its kernel name with digits as N. */
  private static Map<String, Long> threadCpu() throws java.io.IOException {
    Map<String, Long> out = new java.util.TreeMap<>();
    try (var tasks = java.nio.file.Files.list(Path.of("/proc/self/task"))) {
      for (Path t : tasks.toList()) {
        try {
          String stat = java.nio.file.Files.readString(t.resolve("stat"));
          String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replaceAll("[0-9]+", "N");
          String[] f = afterComm(stat);
          out.merge(name, Long.parseLong(f[11]) + Long.parseLong(f[12]), Long::sum); // utime, stime
        } catch (java.io.IOException | RuntimeException gone) {
          // the thread ended between the listing and the read
        }
      }
    }
    return out;
  }

  /** Adds to {@code into} each thread name's CPU between two readings. */
  private static void addDelta(Map<String, Long> into, Map<String, Long> before, Map<String, Long> after) {
    after.forEach((k, v) -> into.merge(k, v - before.getOrDefault(k, 0L), Long::sum));
  }

  /** Where the JVM's CPU went during the measured walks, the five busiest thread names. */
  private static void printThreadCpu(Map<String, Long> spent, int walks) {
    System.out.print("  CPU per walk by thread:");
    spent.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(5)
        .forEach(e -> System.out.printf(" %s %.1f ms;", e.getKey(), e.getValue() * 1000.0 / TICKS_PER_S / walks));
    System.out.println();
  }

  /** The warm-up ends after QUIET_ROUNDS rounds in a row in each of which the JIT compiled for under this (ms). */
  private static final long JIT_QUIET_MS = 5;
  private static final int QUIET_ROUNDS = 5;
  private static final int MAX_WARMUPS = 200;
  private static final java.lang.management.CompilationMXBean JIT =
      java.lang.management.ManagementFactory.getCompilationMXBean();
  private static final double TICKS_PER_S = 100; // USER_HZ on Linux, what /proc/PID/stat counts in

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** CPU of this process's reaped children (cutime + cstime of /proc/self/stat), in clock ticks. */
  private static long childrenCpuTicks() throws java.io.IOException {
    String[] f = afterComm(java.nio.file.Files.readString(Path.of("/proc/self/stat")));
    return Long.parseLong(f[13]) + Long.parseLong(f[14]);
  }

  /**
   * The fields of a /proc stat line after "pid (comm) " (comm may hold spaces and parentheses, so
   * the last ')' ends it): state, field 3, is at 0, utime (14) and stime (15) at 11 and 12, cutime
   * (16) and cstime (17) at 13 and 14.
   */
  private static String[] afterComm(String stat) {
    return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  private static void agents(String agent, String community, int count, int seconds) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<ScrapeRunner> runners = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String host = "a" + i;
      var source = new SnmpSourceFactory().create(new SourceContext(host, Duration.ofSeconds(5), Path.of(".")),
          json.valueToTree(Map.of("agent", agent, "community", community)));
      runners.add(new ScrapeRunner(host, source, () -> System.currentTimeMillis() / 1000.0));
    }
    AtomicLong scrapes = new AtomicLong();
    AtomicLong samples = new AtomicLong();
    AtomicLong problems = new AtomicLong();
    ConcurrentLinkedQueue<Double> durations = new ConcurrentLinkedQueue<>();
    ScrapeScheduler scheduler = new ScrapeScheduler("bench", runners, (testbed, scrape) -> {
      scrapes.incrementAndGet();
      samples.addAndGet(scrape.sampleCount());
      problems.addAndGet(scrape.problems().size());
      for (List<Scrape.Reading> rs : scrape.readings().values()) {
        rs.stream().filter(r -> r.metric().equals("scrape_duration_s")).forEach(r -> durations.add(r.value()));
      }
    });
    long t0 = System.nanoTime();
    scheduler.start();
    TimeUnit.SECONDS.sleep(seconds);
    scheduler.close();
    double wall = (System.nanoTime() - t0) / 1e9;
    long missed = runners.stream().mapToLong(ScrapeRunner::missedIntervals).sum();
    double[] d = durations.stream().mapToDouble(Double::doubleValue).map(x -> x * 1000).toArray();
    Arrays.sort(d);
    System.out.printf("%d snmp sources every 5 s for %.0f s on %d worker threads%n", count, wall, scheduler.workerThreads());
    System.out.printf("  scrapes %d (expected about %d), samples %d, problems %d, missed intervals %d%n",
        scrapes.get(), (long) (count * wall / 5), samples.get(), problems.get(), missed);
    System.out.printf("  scrape duration: median %.1f ms, p99 %.1f ms, max %.1f ms%n",
        d[d.length / 2], d[(int) (d.length * 0.99)], d[d.length - 1]);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static double min(double[] v) {
    return Arrays.stream(v).min().orElse(0);
  }

  private static double max(double[] v) {
    return Arrays.stream(v).max().orElse(0);
  }
}
