package io.headroom.analyzer.oracle;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.recording.RecordingWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * An OracleTestbed as a recording (format v1): the run, its phases, the entities and relations,
 * and a reading a second of every metric in every phase, each the solved network's figure with
 * 2% Gaussian noise (a reading stamped at the end of the second it covers). Half the seeds (by a
 * draw of their own, so the testbeds are those of a recording without it) start the run IDLE
 * seconds before the first phase, as `headroom run --baseline` does: the resources read at no
 * workload, their background alone, the workload and the latencies (no I/O to time) unread.
 */
final class OracleRecording {
  static final double START = 1_800_000_000.0;
  static final double NOISE = 0.02;
  /** Settings, not measurements: no noise on them. */
  private static final Set<String> EXACT = Set.of("numjobs", "iodepth");
  /** The seconds read before the first phase, where a seed has them. */
  static final int IDLE = 10;

  private OracleRecording() {}

  static String run(OracleTestbed t) {
    return "o" + t.seed;
  }

  static List<RecordingRecord> records(OracleTestbed t) {
    List<RecordingRecord> out = new ArrayList<>();
    String run = run(t);
    int phases = t.depths.length;
    int idle = idleSeconds(t);
    out.add(new Run(run, "oracle", START - idle, START + (double) phases * t.seconds,
        Map.of("tool", "fio", "bs", t.bs, "numjobs", t.jobs, "rw", t.rw())));
    for (int p = 0; p < phases; p++) {
      double from = START + (double) p * t.seconds;
      out.add(new Phase(run, t.phaseName(p), from, from + t.seconds));
    }
    out.addAll(t.entities.values());
    out.addAll(t.relations);
    Random noise = new Random(t.seed * 31 + 7);
    Mva.Solution none = noWorkload(t);
    for (int sec = 0; sec < idle; sec++) {
      double ts = START - idle + sec + 1;
      for (OracleTestbed.Reading r : t.readings) {
        r.put(0, none, (entity, metric, value) -> {
          if (!isWorkload(t, entity) && !metric.contains("latency") && Double.isFinite(value)) {
            out.add(new Sample(ts, entity, metric, noisy(metric, value, noise)));
          }
        });
      }
    }
    for (int p = 0; p < phases; p++) {
      double from = START + (double) p * t.seconds;
      int phase = p;
      for (int sec = 0; sec < t.seconds; sec++) {
        double ts = from + sec + 1;
        for (OracleTestbed.Reading r : t.readings) {
          r.put(phase, t.solutions[phase], (entity, metric, value) ->
              out.add(new Sample(ts, entity, metric, noisy(metric, value, noise))));
        }
      }
    }
    return out;
  }

  /** IDLE for half the seeds, by a draw of the seed's own that the testbed's draws do not share; else 0. */
  static int idleSeconds(OracleTestbed t) {
    // SplittableRandom mixes its seed: java.util.Random's first draw for seeds 1..200 in a row
    // came out the same for all of them
    return new java.util.SplittableRandom(t.seed * 17 + 3).nextBoolean() ? IDLE : 0;
  }

  /** The network with nobody in it: every station empty, each visit's residence its demand. */
  private static Mva.Solution noWorkload(OracleTestbed t) {
    int k = t.parts.size();
    double[] r = new double[k];
    double[] p0 = new double[k];
    for (int i = 0; i < k; i++) {
      r[i] = t.parts.get(i).station().demand();
      p0[i] = 1;
    }
    return new Mva.Solution(0, 0, r, new double[k], new double[k], p0);
  }

  private static boolean isWorkload(OracleTestbed t, String entity) {
    return t.entities.containsKey(entity) && "workload".equals(t.entities.get(entity).kind());
  }

  static RunData data(OracleTestbed t) {
    RunData data = new RunData();
    records(t).forEach(data::accept);
    return data;
  }

  /** Writes the testbed to a recording file for `./headroom analyze FILE`. */
  static void write(OracleTestbed t, Path file) throws IOException {
    try (RecordingWriter w = RecordingWriter.create(file)) {
      records(t).forEach(w::write);
    }
  }

  private static double noisy(String metric, double value, Random noise) {
    if (EXACT.contains(metric)) {
      return value;
    }
    double v = Math.max(0, value * (1 + NOISE * noise.nextGaussian()));
    return metric.equals("util") ? Math.min(1.0, v) : v;
  }
}
