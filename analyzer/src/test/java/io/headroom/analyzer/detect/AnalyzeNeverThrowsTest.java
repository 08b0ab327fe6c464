package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.CoLimit;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.recording.ReadStats;
import io.headroom.model.recording.RecordingFormatException;
import io.headroom.model.recording.RecordingReader;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Issue 43: every recording that passes validation gets a verdict. Recordings are generated with
 * entities of every kind, relations in every combination of from-kind, rel and to-kind the model
 * knows (design.md's table and the host source's own: md and dm members and multipath paths as disk
 * behind disk, bonds as port behind port, a NIC behind its link, CPUs on sockets, an SDS node on a
 * host), cycles and self-loops, a few relations the table does not name (validation accepts them),
 * attributes the rules read (irq_cpus, dm_uuid, md_level, bond_mode, fabric, speeds, widths,
 * concurrency), capacities absent, tiny or huge, every metric with edge values (0, a share's 2.0,
 * huge, subnormal, negative where its domain allows) and phases empty, short, open and overlapping.
 * Each goes through the reader, strict, and the checks analyze makes before judging
 * ({@link #judgeable}); only those it accepts count (about 5 in 6 tries). Each must give a verdict
 * with every phase of the run, that encodes as JSON, and, unless it holds the domains' extremes
 * (the largest doubles, subnormals, a ceiling of 2.2e-308, where a ratio overflows and Fmt prints
 * "Infinity" by design), whose evidence prints no NaN or Infinity where a figure should be.
 *
 * <p>Tries: jqwik's default (1,000: 12 to 20 s on two shared cores); run locally with many more
 * through the configuration parameter, e.g. {@code -Djqwik.tries.default=20000} (90 to 105 s).
 */
class AnalyzeNeverThrowsTest {
  /** Far above what a small recording's analysis takes (milliseconds); past it is a hang. */
  private static final Duration HANG = Duration.ofSeconds(20);
  /** A figure that is no number; ids and names generated here never contain these words. */
  private static final Pattern NOT_A_FIGURE = Pattern.compile("NaN|Infinity");

  @Property
  void everyValidRecordingGetsAVerdict(@ForAll("recordings") Recording generated) {
    String recording = generated.text();
    RunData data = new RunData();
    ReadStats stats;
    try {
      stats = new RecordingReader(false).read("generated.jsonl", new java.io.ByteArrayInputStream((recording).getBytes(java.nio.charset.StandardCharsets.UTF_8)), data::accept);
    } catch (RecordingFormatException e) {
      Assume.that(false); // refused by validation: not a recording analyze judges
      return;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    String run = RunAnalyzer.defaultRun(data);
    Assume.that(judgeable(data, stats, run));
    Verdict v;
    try {
      v = assertTimeoutPreemptively(HANG, () -> new RunAnalyzer().analyze(data, run));
    } catch (RuntimeException | StackOverflowError e) {
      throw new AssertionError("analyze threw on a valid recording:\n" + recording, e);
    }
    assertVerdict(data, run, v, recording, !generated.extreme());
    // what the tries reached, in jqwik's report: the classes, and whether a latency split was made
    Statistics.label("class").collect(String.valueOf(v.bottleneck()));
    Statistics.label("latency split").collect(v.phases().stream().flatMap(p -> p.evidence().stream())
        .anyMatch(l -> l.startsWith("latency, ")));
  }

  /** A generated recording, and whether it holds the domains' extremes (figures may overflow there). */
  record Recording(String text, boolean extreme) {
    @Override
    public String toString() {
      return (extreme ? "extreme recording:\n" : "recording:\n") + text;
    }
  }

  /** What analyze checks after reading (AnalyzeCommand.judgeable, in app): records, samples, samples in the run. */
  static boolean judgeable(RunData data, ReadStats stats, String run) {
    if (stats.records() == 0 || data.sampleCount() == 0) {
      return false;
    }
    Run r = run == null ? null : data.runs().get(run);
    return r == null || data.sampleCountBetween(r.start(), r.end() == null ? Double.POSITIVE_INFINITY : r.end()) > 0;
  }

  static void assertVerdict(RunData data, String run, Verdict v, String recording, boolean figures) {
    assertNotNull(v, recording);
    // no class only when no phase was judged (verdict-format.md), and then the evidence says why
    if (v.bottleneck() == null) {
      assertEquals(0.0, v.confidence(), "an unjudged run's confidence:\n" + recording);
      assertFalse(v.evidence().isEmpty(), "an unjudged run says why:\n" + recording);
    }
    List<String> expected = run == null ? List.of() : data.phasesOf(run).stream().map(Phase::name).toList();
    assertEquals(expected, v.phases().stream().map(PhaseVerdict::name).toList(), "every phase, in order:\n" + recording);
    List<String> lines = new ArrayList<>(v.evidence());
    for (PhaseVerdict p : v.phases()) {
      lines.addAll(p.evidence());
      for (CoLimit c : p.coLimits()) {
        lines.add(c.evidence());
      }
    }
    for (String line : lines) {
      if (figures && NOT_A_FIGURE.matcher(line).find()) {
        fail("evidence with no number where a figure should be: " + line + "\n" + recording);
      }
    }
    assertNotNull(VerdictJson.toJson(v), recording); // what analyze --json prints
  }

  @Provide
  Arbitrary<Recording> recordings() {
    return Arbitraries.randomValue(r -> {
      Generator g = new Generator(r);
      return new Recording(g.recording(), g.extreme);
    });
  }

  /** One recording from one random source. */
  static final class Generator {
    private final Random r;
    private final StringBuilder out = new StringBuilder();
    private final List<String[]> entities = new ArrayList<>(); // id, kind
    private final java.util.Map<String, Double> ceilings = new java.util.HashMap<>();
    private double start;
    private double end;
    /** With the domains' extremes, whose figures may overflow: only the throws and the phases are asserted. */
    final boolean extreme;

    Generator(Random r) {
      this.r = r;
      this.extreme = r.nextInt(3) == 0;
    }

    /** [from kind, rel, to kind]: design.md's table and what the host and array sources relate besides. */
    static final String[][] LEGAL = {
        {"disk", "behind", "pcie_link"}, {"pcie_link", "behind", "pcie_link"}, {"disk", "behind", "disk"},
        {"net_port", "behind", "net_port"}, {"net_port", "behind", "pcie_link"},
        {"pcie_link", "on", "cpu_socket"}, {"net_port", "on", "cpu_socket"}, {"cpu_socket", "on", "host_cpu"},
        {"cpu", "on", "cpu_socket"}, {"cpu", "on", "host_cpu"}, {"array_cpu", "on", "host_cpu"},
        {"array_cpu", "on", "cpu_socket"},
        {"workload", "runs_on", "cpu_socket"}, {"workload", "runs_on", "host_cpu"},
        {"workload", "targets", "disk"}, {"workload", "via", "net_port"}, {"net_port", "cabled_to", "net_port"},
        {"disk", "served_by", "array_cpu"}};
    static final String[] KINDS = {"host_cpu", "cpu_socket", "cpu", "array_cpu", "pcie_link", "net_port", "disk",
        "workload"};
    static final String[] RELS = {"behind", "on", "runs_on", "targets", "via", "cabled_to", "served_by", "feeds"};

    String recording() {
      runAndPhases();
      declareEntities();
      relations();
      samples();
      return out.toString();
    }

    private void runAndPhases() {
      start = pick(0.0, 1_795_995_443.0, 0.5);
      double length = pick(60.0, 60.0, 90.0, 30.0, 30.0, 1.0, 0.0, 300.0); // 0 and 1: nothing to judge
      end = start + length;
      if (r.nextInt(8) == 0) { // an earlier run in the same file, overlapping: the last declared is judged
        line("{\"type\":\"run\",\"run\":\"r0\",\"testbed\":\"lab\",\"start\":%s,\"end\":%s}", num(start - 10),
            num(start + length / 2));
      }
      if (r.nextInt(10) > 0) { // now and then a recording without a run: the whole of it is judged
        line("{\"type\":\"run\",\"run\":\"r1\",\"testbed\":\"lab\",\"start\":%s%s,\"workload\":{\"tool\":\"fio\"%s}}",
            num(start), r.nextInt(6) == 0 ? "" : ",\"end\":" + num(end), concurrency());
      }
      if (r.nextInt(3) == 0) { // a sweep: phases one after another over the run, a knee to look for
        int steps = 2 + r.nextInt(4);
        for (int i = 0; i < steps; i++) {
          line("{\"type\":\"phase\",\"run\":\"r1\",\"name\":\"%dT/32Q\",\"start\":%s,\"end\":%s}", 1 << i,
              num(start + length * i / steps), num(start + length * (i + 1) / steps));
        }
        return;
      }
      int phases = r.nextInt(5);
      for (int i = 0; i < phases; i++) {
        double from = start + (r.nextInt(4) == 0 ? 0 : r.nextDouble() * length);
        double to = switch (r.nextInt(5)) {
          case 0 -> from; // empty
          case 1 -> from + 1; // short
          case 2 -> end + r.nextInt(30); // past the run's end, overlapping the next
          default -> from + r.nextDouble() * (end - from);
        };
        // a name in the studies' threads/queue form is read as the phase's concurrency, zero too
        String name = r.nextBoolean() ? "p" + i : r.nextInt(6) == 0 ? pickText("0T/0Q", "1T/0Q", "0T/32Q")
            : (1 << r.nextInt(5)) + "T/" + (1 << r.nextInt(8)) + "Q";
        line("{\"type\":\"phase\",\"run\":\"%s\",\"name\":\"%s\",\"start\":%s%s%s}", r.nextInt(12) == 0 ? "r0" : "r1",
            name, num(from), r.nextInt(6) == 0 ? "" : ",\"end\":" + num(to),
            r.nextBoolean() ? "" : ",\"workload\":{\"iodepth\":" + (1 << r.nextInt(8)) + "}");
      }
    }

    private String concurrency() {
      return switch (r.nextInt(4)) {
        case 0 -> "";
        case 1 -> ",\"numjobs\":" + r.nextInt(9) + ",\"iodepth\":" + r.nextInt(65);
        case 2 -> ",\"numjobs\":" + num(big()) + ",\"iodepth\":" + num(big());
        default -> ",\"numjobs\":4,\"iodepth\":32";
      };
    }

    private void declareEntities() {
      String[] hosts = {"h1", "h2", "arr"};
      int n = 1 + r.nextInt(16);
      for (int i = 0; i < n; i++) {
        // a workload first, most of the time: without one nothing is on a data path
        String kind = i == 0 && r.nextInt(8) > 0 ? "workload"
            : r.nextInt(25) == 0 ? "gpu" : KINDS[r.nextInt(KINDS.length)];
        String host = hosts[r.nextInt(hosts.length)];
        String id = switch (kind) {
          case "host_cpu" -> host + "/cpu";
          case "cpu_socket" -> host + "/socket/" + r.nextInt(2);
          case "cpu" -> host + "/cpu/" + r.nextInt(4);
          case "array_cpu" -> "arr/node-" + (char) ('a' + r.nextInt(3));
          case "pcie_link" -> host + "/pcie/0000:0" + r.nextInt(4) + ":00.0";
          case "net_port" -> (r.nextBoolean() ? host + "/net/eth" : "sw1/port/1-") + r.nextInt(4);
          case "disk" -> host + "/disk/" + (r.nextBoolean() ? "sd" + (char) ('a' + r.nextInt(4)) : r.nextBoolean()
              ? "dm-" + r.nextInt(2) : "md" + r.nextInt(2));
          case "workload" -> host + "/fio/job" + r.nextInt(3);
          default -> host + "/" + kind + "/" + r.nextInt(2);
        };
        if (entities.stream().anyMatch(e -> e[0].equals(id))) {
          continue; // declared again with other contents is refused; once is enough
        }
        entities.add(new String[] {id, kind});
        String capacity = capacity(kind);
        ceilings.put(id, ceilingOf(capacity));
        line("{\"type\":\"entity\",\"id\":\"%s\",\"kind\":\"%s\",\"name\":\"%s\"%s%s}", id, kind, id, attrs(kind, id),
            capacity);
      }
    }

    private String attrs(String kind, String id) {
      List<String> a = new ArrayList<>();
      switch (kind) {
        case "pcie_link" -> {
          maybe(a, "gen", pick(1, 3, 4, 5, 0.5, 7));
          maybe(a, "width", pick(1, 4, 8, 16, 32, 3));
          maybe(a, "max_gen", pick(3, 4, 5));
          maybe(a, "max_width", pick(8, 16));
          maybe(a, "numa_node", pick(-1, 0, 1));
          if (r.nextBoolean()) {
            String[] lists = {"0-3", "0", "5,7", "", "x", "3-1", "0-2147483647", "2147483646-2147483647", "-1",
                "0-3,1-2", "99999999999"};
            a.add("\"irq_cpus\":\"" + lists[r.nextInt(lists.length)] + "\"");
          }
        }
        case "net_port" -> {
          if (r.nextInt(4) > 0) {
            String[] fabrics = {"ethernet", "fc", "fibre_channel", "infiniband", "roce", "other"};
            a.add("\"fabric\":\"" + fabrics[r.nextInt(fabrics.length)] + "\"");
          }
          maybe(a, "speed_bps", pick(1e9, 2.5e10, 1e11, 3.2e10, tinyCeiling(), big()));
          maybe(a, "max_speed_bps", pick(1e11, 2.5e10));
          if (r.nextInt(4) == 0) {
            a.add("\"bond_mode\":\"802.3ad\"");
          }
        }
        case "disk" -> {
          if (id.contains("/dm-") && r.nextBoolean()) {
            a.add("\"dm_uuid\":\"mpath-3600\",\"dm_name\":\"mpatha\"");
          }
          if (id.contains("/md") && r.nextBoolean()) {
            a.add("\"md_level\":\"raid0\"");
          }
        }
        case "workload" -> {
          maybe(a, "numjobs", pick(0, 1, 4, -1, big()));
          maybe(a, "iodepth", pick(0, 1, 32, big()));
          maybe(a, "jobs", pick(0, 1, 8));
        }
        case "host_cpu", "cpu_socket" -> maybe(a, "cpu_count", pick(0, 1, 64, -2));
        default -> { }
      }
      return a.isEmpty() ? "" : ",\"attrs\":{" + String.join(",", a) + "}";
    }

    private void maybe(List<String> attrs, String name, double value) {
      if (r.nextBoolean()) {
        attrs.add("\"" + name + "\":" + num(value));
      }
    }

    private String capacity(String kind) {
      if (r.nextInt(3) == 0) {
        return "";
      }
      double v = pick(1.25e10, 1.575e10, 1e6, 1.0, tinyCeiling(), big(), big());
      return switch (kind) {
        case "disk" -> r.nextBoolean() ? ",\"capacity\":{\"iops\":" + num(pick(1e6, 1.0, big(), tinyCeiling()))
            + ",\"bytes_per_s\":" + num(v) + "}" : ",\"capacity\":{\"iops\":" + num(pick(5e5, 200.0)) + "}";
        case "host_cpu", "cpu_socket", "array_cpu", "cpu" -> r.nextBoolean() ? "" : ",\"capacity\":{\"util\":" + num(
            pick(1.0, 0.5, 2.0)) + "}";
        default -> ",\"capacity\":{\"bytes_per_s\":" + num(v) + "}";
      };
    }

    /** The declared bytes_per_s or iops, NaN without: readings are drawn near it so limits are reached. */
    private static double ceilingOf(String capacity) {
      java.util.regex.Matcher m = Pattern.compile("\"(?:bytes_per_s|iops)\":([^,}]+)").matcher(capacity);
      return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    private void relations() {
      int n = r.nextInt(2 + 3 * entities.size());
      for (int i = 0; i < n; i++) {
        if (r.nextInt(15) == 0) { // one the table does not name, maybe to an undeclared entity: validation takes it
          String from = entities.get(r.nextInt(entities.size()))[0];
          String to = r.nextInt(4) == 0 ? "nowhere/" + r.nextInt(2) : entities.get(r.nextInt(entities.size()))[0];
          rel(from, RELS[r.nextInt(RELS.length)], to);
          continue;
        }
        String[] combo = LEGAL[r.nextInt(LEGAL.length)];
        List<String> froms = ofKind(combo[0]);
        List<String> tos = ofKind(combo[2]);
        if (froms.isEmpty() || tos.isEmpty()) {
          continue;
        }
        // a self-loop where the kinds allow it (a disk behind itself, a link behind itself), cycles by chance
        String from = froms.get(r.nextInt(froms.size()));
        String to = combo[0].equals(combo[2]) && r.nextInt(5) == 0 ? from : tos.get(r.nextInt(tos.size()));
        rel(from, combo[1], to);
        if (combo[0].equals(combo[2]) ? r.nextInt(3) == 0 : r.nextInt(8) == 0) {
          rel(to, combo[1], from); // a two-entity loop; across kinds too (a disk behind its link, the link behind the disk: issue 48)
        }
      }
    }

    private void rel(String from, String rel, String to) {
      line("{\"type\":\"relation\",\"from\":\"%s\",\"rel\":\"%s\",\"to\":\"%s\"}", from, rel, to);
    }

    private List<String> ofKind(String kind) {
      return entities.stream().filter(e -> e[1].equals(kind)).map(e -> e[0]).toList();
    }

    /** Metrics per kind: design.md's and what the rules read besides. */
    private static String[] metricsOf(String kind) {
      return switch (kind) {
        case "host_cpu", "cpu_socket", "cpu", "array_cpu" -> new String[] {"util", "util", "remote_access_ratio",
            "psi_cpu_some", "procs_running", "util_irq", "util_softirq", "read_latency_s", "write_latency_s",
            "read_iops"};
        case "pcie_link" -> new String[] {"read_bytes_per_s", "write_bytes_per_s", "errors_per_s"};
        case "net_port" -> new String[] {"rx_bytes_per_s", "tx_bytes_per_s", "errors_per_s", "discards_per_s",
            "pause_per_s", "tx_credit_zero_fraction"};
        case "disk" -> new String[] {"read_iops", "write_iops", "read_bytes_per_s", "write_bytes_per_s",
            "read_latency_s", "write_latency_s", "queue_depth", "util"};
        case "workload" -> new String[] {"read_iops", "write_iops", "read_bytes_per_s", "write_bytes_per_s",
            "read_latency_s", "write_latency_s", "latency_p99_s", "numjobs", "iodepth"};
        default -> new String[] {"util", "read_bytes_per_s", "temperature_dbm"};
      };
    }

    private void samples() {
      List<String> ids = new ArrayList<>();
      for (String[] e : entities) {
        ids.add(e[0]);
      }
      if (r.nextInt(10) == 0) {
        ids.add("undeclared/thing"); // samples of an entity never declared count, kind unknown
      }
      for (String id : ids) {
        String kind = entities.stream().filter(e -> e[0].equals(id)).map(e -> e[1]).findFirst().orElse("unknown");
        double share = r.nextDouble(); // each entity reports some of its metrics, some none
        for (String metric : metricsOf(kind)) {
          if (r.nextDouble() < share) {
            series(id, metric);
            if (r.nextInt(15) == 0) {
              series(id, metric); // the same metric twice: two readings at one instant
            }
          }
        }
      }
    }

    /** One metric's readings: constant, a ramp, noise or an edge value, every second or a few. */
    private void series(String id, String metric) {
      boolean share = metric.startsWith("util") || metric.startsWith("psi_") || metric.endsWith("_ratio")
          || metric.endsWith("_fraction");
      boolean signed = metric.equals("temperature_dbm");
      double ceiling = ceilings.getOrDefault(id, Double.NaN);
      boolean latency = metric.endsWith("_latency_s") || metric.equals("latency_p99_s");
      double level = r.nextInt(6) == 0 ? (share ? pick(0.0, 2.0, tiny()) : pick(0.0, big(), tiny(), signed ? -big() : 5.0))
          : share ? pick(0.0, 0.5, 0.93, 0.97, 1.0, 1.0, 1.19, 2.0)
          : latency ? pick(0.0002, 0.001, 0.002, 0.01, 0.05)
          : metric.equals("numjobs") || metric.equals("iodepth") ? pick(0, 1, 8, 32)
          : !Double.isNaN(ceiling) ? ceiling * pick(0.3, 0.92, 0.97, 1.0, 1.1, 1.3, 2.0) // near, at, past it
          : pick(1.0, 1e3, 5e4, 1e6, 1.2e9, 1.2e10, 3e10);
      int mode = r.nextInt(5);
      double length = end - start;
      double every = Math.max(1, Math.ceil(length / 60)); // at most 61 readings a series: tries stay quick
      int count = r.nextInt(8) == 0 ? 1 + r.nextInt(3) : (int) (Math.max(1, length) / every) + 1;
      for (int i = 0; i < count; i++) {
        double ts = count <= 3 ? start + r.nextDouble() * Math.max(1, length) : start + i * every;
        if (r.nextInt(50) == 0) {
          ts = start - 5; // before the run
        }
        double v = switch (mode) {
          case 0 -> level;
          case 1 -> level * i / Math.max(1, count - 1); // a ramp from 0
          case 2 -> level * (0.9 + 0.1 * r.nextDouble()); // noise
          case 3 -> i < count / 2 ? level * 0.3 : level; // a step: a limit that begins inside a phase
          default -> r.nextInt(4) == 0 ? 0 : level;
        };
        line("{\"type\":\"sample\",\"ts\":%s,\"entity\":\"%s\",\"metric\":\"%s\",\"value\":%s}", num(ts), id, metric,
            num(v));
      }
    }

    /**
     * Huge: in an extreme recording the largest doubles, where a ratio or a sum overflows to Infinity
     * and Fmt prints it as that token by design (a figure past any reading); else 1e15, beyond any
     * device yet still a figure.
     */
    private double big() {
      return extreme ? pick(1e300, Double.MAX_VALUE) : 1e15;
    }

    /** Tiny but in the domain: subnormal in an extreme recording, else a nanosecond's worth. */
    private double tiny() {
      return extreme ? pick(Double.MIN_VALUE, 1e-300) : 1e-9;
    }

    /** The smallest ceiling validation takes (a normal double) in an extreme recording, else 1. */
    private double tinyCeiling() {
      return extreme ? Double.MIN_NORMAL : 1.0;
    }

    private String pickText(String... values) {
      return values[r.nextInt(values.length)];
    }

    private double pick(double... values) {
      return values[r.nextInt(values.length)];
    }

    private void line(String format, Object... args) {
      out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    /** A double as JSON: Java's shortest repr is valid JSON for every finite value. */
    private static String num(double v) {
      return Double.toString(v);
    }
  }
}
