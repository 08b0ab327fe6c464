package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.live.LiveVerdicts;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The live verdicts' state stays as small as the set of active runs: an ended run is forgotten
 * after its final judgement, and a run that never ends and stops sending samples is closed as
 * abandoned once the configured time has passed since its last sample, not one second earlier.
 */
class LiveStateTest {
  private static final String TESTBED = "lab";
  private static final double T0 = 1_795_995_443.0;
  private static final Duration ABANDON_AFTER = Duration.ofSeconds(60);

  private double now;
  private final List<Verdict> heard = new ArrayList<>();
  /** The previous verdict each announcement named (null: the run's first). */
  private final List<Verdict> previous = new ArrayList<>();

  @Test
  void anEndedRunIsJudgedOnceMoreThenForgotten() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = new Database(db.url(), null, null)) {
      ActiveRuns active = new ActiveRuns();
      LiveVerdicts live = live(db, database, active);
      store(database, new Run("r1", TESTBED, T0, T0 + 10, Map.of()), 0, 10);
      active.update(TESTBED, new Run("r1", TESTBED, T0, T0 + 10, Map.of()));

      now = T0 + 12; // before end + 3 s of settling: not judged yet
      live.run();
      assertEquals(0, heard.size());
      now = T0 + 14; // settled: the one final judgement
      live.run();
      assertEquals(1, heard.size());
      assertNull(previous.get(0));
      now = T0 + 14.5; // judged once: the next round says nothing
      live.run();
      assertEquals(1, heard.size());
      now = T0 + 10 + ActiveRuns.LINGER_S + 1; // past the linger time: dropped, and its state with it
      live.run();
      assertEquals(0, active.keys().size());
      assertEquals(1, heard.size());

      // The same run comes again, ending later (its record sent again): had its state been kept, the
      // final judgement already made would hold it silent; forgotten, it is judged afresh, as a run
      // never heard of (no previous verdict), once it has settled.
      store(database, new Run("r1", TESTBED, T0, T0 + 20, Map.of()), 10, 20);
      active.update(TESTBED, new Run("r1", TESTBED, T0, T0 + 20, Map.of()));
      now = T0 + 23;
      live.run();
      assertEquals(2, heard.size());
      assertNull(previous.get(1));
    }
  }

  @Test
  void aRunWithoutEndIsClosedAsAbandonedJustAfterTheConfiguredSilence() throws Exception {
    try (TestDatabase db = TestDatabase.create(); Database database = new Database(db.url(), null, null)) {
      ActiveRuns active = new ActiveRuns();
      LiveVerdicts live = live(db, database, active);
      Run open = new Run("r2", TESTBED, T0, null, Map.of());
      store(database, open, 0, 6); // samples at T0 .. T0+5
      active.update(TESTBED, open);

      now = T0 + 6;
      live.run();
      assertEquals(1, heard.size(), "judged while open");
      store(database, open, 6, 10); // T0+6 .. T0+9 arrive: the silence starts again from the next look
      now = T0 + 40;
      live.run();
      now = T0 + 40 + ABANDON_AFTER.toSeconds(); // exactly the configured silence: still open
      live.run();
      assertNull(endOf(db, "r2"));
      assertEquals(1, heard.size(), "still open: nothing new to say");
      now += 0.5; // just past it: closed at its newest sample, T0+9
      live.run();
      assertEquals(T0 + 9, endOf(db, "r2"), 1e-6);
      assertEquals("true", abandonedMark(db, "r2"));
      int judged = heard.size();
      now += 2; // later rounds: gone, judged no more
      live.run();
      assertEquals(0, active.keys().size());
      assertEquals(judged, heard.size());
    }
  }

  private LiveVerdicts live(TestDatabase db, Database database, ActiveRuns active) throws Exception {
    Migrations.migrate(database.connection(), TestDatabase.KEEPING_FIXED_DATES);
    return new LiveVerdicts(active, database, new RunAnalyzer(), List.of((tb, before, current) -> {
      heard.add(current);
      previous.add(before);
    }),
        () -> now, ABANDON_AFTER);
  }

  /** The run record and one host CPU sample per second, {@code from} to {@code to} (excluded) after its start. */
  private static void store(Database database, Run run, int from, int to) throws Exception {
    IngestBatch batch = new IngestBatch();
    batch.run(TESTBED, run);
    batch.topology(TESTBED, Entity.of("h1/cpu", EntityKind.HOST_CPU));
    List<Point> points = new ArrayList<>();
    for (int i = from; i < to; i++) {
      points.add(new Point(run.start() + i, "util", 0.4));
    }
    batch.samples(new SampleBatch(UUID.randomUUID(), TESTBED, "h1/cpu", points));
    new SampleStore().write(database.connection(), batch);
  }

  private static Double endOf(TestDatabase db, String run) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT extract(epoch FROM end_ts) FROM run WHERE run = '" + run + "'")) {
      rs.next();
      double v = rs.getDouble(1);
      return rs.wasNull() ? null : v;
    }
  }

  private static String abandonedMark(TestDatabase db, String run) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT workload->>'abandoned' FROM run WHERE run = '" + run + "'")) {
      rs.next();
      return rs.getString(1);
    }
  }
}
