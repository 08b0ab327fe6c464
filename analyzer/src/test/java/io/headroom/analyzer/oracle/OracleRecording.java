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
 * 2% Gaussian noise (a reading stamped at the end of the second it covers).
 */
final class OracleRecording {
  static final double START = 1_800_000_000.0;
  static final double NOISE = 0.02;
  /** Settings, not measurements: no noise on them. */
  private static final Set<String> EXACT = Set.of("numjobs", "iodepth");

  private OracleRecording() {}

  static String run(OracleTestbed t) {
    return "o" + t.seed;
  }

  static List<RecordingRecord> records(OracleTestbed t) {
    List<RecordingRecord> out = new ArrayList<>();
    String run = run(t);
    int phases = t.depths.length;
    out.add(new Run(run, "oracle", START, START + (double) phases * t.seconds,
        Map.of("tool", "fio", "bs", t.bs, "numjobs", t.jobs, "rw", t.rw())));
    for (int p = 0; p < phases; p++) {
      double from = START + (double) p * t.seconds;
      out.add(new Phase(run, t.phaseName(p), from, from + t.seconds));
    }
    out.addAll(t.entities.values());
    out.addAll(t.relations);
    Random noise = new Random(t.seed * 31 + 7);
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
