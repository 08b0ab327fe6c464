package io.headroom.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the sample table's indexes cost and buy: for each indexing, binary COPY of the run's rows
 * into the emptied table, then the plans and times of the reads that need an index: the live
 * verdict's per-phase read (RunDataLoader: a testbed's samples in a time window), a dashboard
 * panel of one series, and one of one metric across a testbed's entities (both through the
 * dash_sample view, as Grafana reads them).
 */
final class IndexChoice {
  record Variant(String name, List<String> ddl) {}

  private static final String EMT = "CREATE INDEX bench_emt ON sample (entity_id, metric_id, ts)";
  private static final String UNIQUE_EMT = "CREATE UNIQUE INDEX bench_series_ts ON sample (entity_id, metric_id, ts)";
  /** The first is the schema's own (V8, V12); the unique series index is what de-duplicates readings. */
  static final List<Variant> VARIANTS = List.of(
      new Variant("unique btree (entity_id, metric_id, ts) + btree (ts DESC)",
          List.of(UNIQUE_EMT, "CREATE INDEX bench_ts ON sample (ts DESC)")),
      new Variant("btree (entity_id, metric_id, ts) + btree (ts DESC)",
          List.of(EMT, "CREATE INDEX bench_ts ON sample (ts DESC)")),
      new Variant("btree (entity_id, metric_id, ts)", List.of(EMT)),
      new Variant("btree (entity_id, metric_id, ts) + brin (ts)",
          List.of(EMT, "CREATE INDEX bench_ts_brin ON sample USING brin (ts)")),
      new Variant("btree (ts DESC)", List.of("CREATE INDEX bench_ts ON sample (ts DESC)")),
      new Variant("brin (ts)", List.of("CREATE INDEX bench_ts_brin ON sample USING brin (ts)")),
      new Variant("none", List.of()));

  private static final Pattern SCAN = Pattern.compile("((?:Parallel )?(?:Seq|Index Only|Index|Bitmap Heap|Bitmap Index|"
      + "Custom) Scan)(?: \\(\\w+\\))?(?: using (\\w+))? on (\\w+)");
  private static final Pattern TIME = Pattern.compile("Execution Time: ([0-9.]+) ms");

  private final BenchDb db;
  private final PeerCopy peers;
  private final double t0;
  private final int seconds;

  IndexChoice(BenchDb db, PeerCopy peers, double t0, int seconds) {
    this.db = db;
    this.peers = peers;
    this.t0 = t0;
    this.seconds = seconds;
  }

  void run(long rows) throws Exception {
    for (Variant v : VARIANTS) {
      dropIndexes();
      db.execute("TRUNCATE sample");
      for (String ddl : v.ddl()) {
        db.execute(ddl);
      }
      double copy = peers.load(PeerCopy.Format.BINARY, rows).rowsPerSecond();
      db.execute("ANALYZE sample");
      System.out.printf("INDEX %-58s binary COPY %,10.0f rows/s%n", v.name(), copy);
      for (String[] q : queries()) {
        System.out.printf("INDEX %-58s %-34s %s%n", v.name(), q[0], explain(q[1]));
      }
    }
  }

  private List<String[]> queries() {
    double mid = t0 + seconds / 2;
    return List.of(
        new String[] {"live read, 10 s phase window", "SELECT e.entity, m.name, extract(epoch FROM s.ts)::float8, s.value "
            + "FROM sample s JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id "
            + "WHERE e.testbed = 'bench' AND s.ts >= to_timestamp(" + mid + ") AND s.ts < to_timestamp(" + (mid + 10)
            + ") ORDER BY s.ts"},
        new String[] {"panel: one series, whole run", "SELECT ts, value FROM dash_sample WHERE testbed = 'bench' "
            + "AND entity = 'h3/disk/d157' AND metric = 'metric_3' AND ts >= to_timestamp(" + t0 + ") "
            + "AND ts < to_timestamp(" + (t0 + seconds) + ") ORDER BY ts"},
        new String[] {"panel: one metric, all, 60 s", "SELECT entity, avg(value) FROM dash_sample "
            + "WHERE testbed = 'bench' AND metric = 'metric_3' AND ts >= to_timestamp(" + mid + ") "
            + "AND ts < to_timestamp(" + (mid + 60) + ") GROUP BY entity"});
  }

  /** "12.3 ms  Index Scan using x on sample_p..., ..." from EXPLAIN ANALYZE. */
  private String explain(String sql) throws Exception {
    Set<String> scans = new LinkedHashSet<>();
    String ms = "?";
    for (String line : db.lines("EXPLAIN (ANALYZE, BUFFERS) " + sql)) {
      Matcher m = SCAN.matcher(line);
      if (m.find() && !m.group(3).equals("entity") && !m.group(3).equals("metric")) {
        scans.add(m.group(1) + (m.group(2) == null ? "" : " " + m.group(2)));
      }
      Matcher t = TIME.matcher(line);
      if (t.find()) {
        ms = t.group(1);
      }
    }
    return String.format("%9s ms  %s", ms, String.join(", ", new ArrayList<>(scans)));
  }

  private void dropIndexes() throws Exception {
    for (String index : db.lines("SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'sample'")) {
      db.execute("DROP INDEX " + index);
    }
  }
}
