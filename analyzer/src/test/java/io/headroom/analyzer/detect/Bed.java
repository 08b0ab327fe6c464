package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Window;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.util.Map;

/** A small testbed built in code: entities, relations and one 60-second window of samples. */
final class Bed {
  static final Window WINDOW = new Window("p1", 0, 60);
  final RunData data = new RunData();

  Bed entity(String id, String kind) {
    data.accept(Entity.of(id, kind));
    return this;
  }

  Bed entity(String id, String kind, Map<String, Object> attrs, Map<String, Double> capacity) {
    data.accept(new Entity(id, kind, id, attrs, capacity));
    return this;
  }

  Bed rel(String from, String rel, String to) {
    data.accept(new Relation(from, rel, to));
    return this;
  }

  /** The same value every second of the window, so every percentile and mean is that value. */
  Bed constant(String entity, String metric, double value) {
    for (int t = 0; t < 60; t++) {
      data.addSample(t, entity, metric, value);
    }
    return this;
  }

  /** A straight line from a to b over the window's 60 seconds. */
  Bed ramp(String entity, String metric, double a, double b) {
    for (int t = 0; t < 60; t++) {
      data.addSample(t, entity, metric, a + (b - a) * t / 59.0);
    }
    return this;
  }

  /** A workload with outstanding I/O given by attrs and steady reads. */
  Bed workload(String id, int jobs, int depth, double readIops, double readLatency) {
    entity(id, "workload", Map.of("numjobs", jobs, "iodepth", depth), Map.of());
    constant(id, "read_iops", readIops);
    constant(id, "read_latency_s", readLatency);
    return this;
  }

  Context ctx() {
    return Context.of(data, null, WINDOW, Thresholds.defaults());
  }

  static Map<String, Double> bytes(double perS) {
    return Map.of("bytes_per_s", perS);
  }
}
