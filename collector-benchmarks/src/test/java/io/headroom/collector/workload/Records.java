package io.headroom.collector.workload;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Records collected from a sink, with the look-ups the tests need. Thread-safe for a live run. */
final class Records {
  private final List<RecordingRecord> all = new ArrayList<>();
  private final List<Double> arrivals = new ArrayList<>();

  synchronized void add(RecordingRecord r) {
    all.add(r);
    arrivals.add(System.currentTimeMillis() / 1000.0);
  }

  synchronized List<RecordingRecord> all() {
    return List.copyOf(all);
  }

  /** When each sample reached the sink, wall clock: proves samples stream while fio runs. */
  synchronized List<Double> sampleArrivals() {
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i) instanceof Sample) {
        out.add(arrivals.get(i));
      }
    }
    return out;
  }

  List<Run> runs() {
    return of(Run.class);
  }

  List<Entity> entities() {
    return of(Entity.class);
  }

  Entity entity(String id) {
    return entities().stream().filter(e -> e.id().equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError("no entity " + id + " in " + entities()));
  }

  List<Relation> relations(String from) {
    return of(Relation.class).stream().filter(r -> r.from().equals(from)).toList();
  }

  List<Sample> samples(String entity, String metric) {
    return of(Sample.class).stream()
        .filter(s -> s.entity().equals(entity) && s.metric().equals(metric)).toList();
  }

  /** The last phase record of that name (later records of a phase supersede earlier ones). */
  Optional<Phase> phase(String name) {
    List<Phase> ps = of(Phase.class).stream().filter(p -> p.name().equals(name)).toList();
    return ps.isEmpty() ? Optional.empty() : Optional.of(ps.get(ps.size() - 1));
  }

  List<String> closedPhaseNames() {
    return of(Phase.class).stream().filter(p -> p.end() != null).map(Phase::name).toList();
  }

  /**
   * The sum over a job's samples of value times the sample's interval. Sample times tile the
   * job's I/O time from its phase start, so this is the job's total count (ios or bytes). fio's
   * clocks tick in milliseconds, and a Unix time as a double holds only about 0.2 us, so each
   * interval is rounded back to whole milliseconds (a 4 ms interval would otherwise be off by 1e-4).
   */
  double integrate(String entity, String metric, double phaseStart) {
    double prev = phaseStart;
    double total = 0;
    for (Sample s : samples(entity, metric)) {
      total += s.value() * (Math.round((s.ts() - prev) * 1000) / 1000.0);
      prev = s.ts();
    }
    return total;
  }

  private synchronized <T> List<T> of(Class<T> type) {
    return all.stream().filter(type::isInstance).map(type::cast).toList();
  }
}
