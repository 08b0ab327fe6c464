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
    SnmpSettings settings = new SnmpSettings(agent, "2c", community, null, null, null, maxRep, Duration.ofSeconds(10), 0);
    String[] cmd = {"snmpbulkwalk", "-v2c", "-c", community, "-Cr" + maxRep, "-On", "-Oq", "-m", "", agent,
        "1.3.6.1.2.1.31.1.1"};
    double[] ours = new double[n];
    double[] theirs = new double[n];
    int values = 0;
    long lines = 0;
    try (AgentSession session = AgentSession.open(settings, new AgentSecrets(Secret.of(community), null, null))) {
      Walker walker = new Walker(session, maxRep);
      values = walker.walk(Oids.IFX_ENTRY).bindings().size(); // warm-up (JIT, ARP), and the count
      for (int i = 0; i < n; i++) {
        long t0 = System.nanoTime();
        TableWalk w = walker.walk(Oids.IFX_ENTRY);
        ours[i] = (System.nanoTime() - t0) / 1e6;
        if (!w.complete() || w.bindings().size() != values) {
          throw new IllegalStateException("walk " + i + ": " + w.bindings().size() + " values, " + w.incomplete());
        }
        t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        lines = p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        p.waitFor();
        theirs[i] = (System.nanoTime() - t0) / 1e6;
      }
    }
    System.out.printf("ifXTable walk, %d values, max-repetitions %d, %d walks each, alternating%n", values, maxRep, n);
    System.out.printf("  headroom walker : median %.1f ms, min %.1f ms, max %.1f ms%n", median(ours), min(ours), max(ours));
    System.out.printf("  snmpbulkwalk    : median %.1f ms, min %.1f ms, max %.1f ms (process wall time, %d bytes out)%n",
        median(theirs), min(theirs), max(theirs), lines);
    System.out.printf("  ratio of medians: %.2f (target <= 1.2)%n", median(ours) / median(theirs));
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
