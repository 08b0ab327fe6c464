package io.headroom.analyzer.ingest;

import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.recording.Domains;
import io.headroom.model.recording.Domains.SampleDomain;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A binary sample batch from Kafka held to the domains a recording's samples are held to
 * ({@link Domains#sampleProblem}, the one rule): a negative utilisation, a NaN or an infinite rate
 * is not a reading; and to the times the store can write ({@link #timeProblem}). The batch's
 * other points are kept, under the same batch id, so one bad metric does not cost an entity's
 * whole scrape.
 */
final class SampleDomains {
  /** At most this many reasons in a dead letter's message; the rest are counted. */
  static final int MAX_REASONS = 5;
  /** Metrics whose domain is kept; past this (a producer inventing names) it is decided per point. */
  static final int MAX_KEPT = 1 << 16;
  /**
   * Each metric's domain, decided once: by name it takes up to 20 string comparisons, which
   * per point were a tenth of the ingest's decoding (docs/benchmarks.md). One per decoding thread.
   */
  /** The first and last times the store holds (model's {@link Domains#FIRST_SECOND}, which says why). */
  static final double FIRST_SECOND = Domains.FIRST_SECOND;
  static final double LAST_SECOND = Domains.LAST_SECOND;
  private final Map<String, SampleDomain> domains = new HashMap<>();

  /**
   * @param kept the batch without its points out of domain (the batch itself when all are in)
   * @param refused one reason per point left out, in the batch's order
   */
  record Split(SampleBatch kept, List<String> refused) {
    boolean clean() {
      return refused.isEmpty();
    }

    /**
     * "2 of 5 samples of entity h1/cpu (testbed lab) out of their domain, set aside: util of
     * h1/cpu is -0.5: a share must lie in 0..2; ...".
     */
    String describe() {
      StringBuilder out = new StringBuilder().append(refused.size()).append(" of ")
          .append(refused.size() + kept.points().size()).append(" samples of entity ").append(kept.entity())
          .append(" (testbed ").append(kept.testbed()).append(") out of their domain, set aside: ")
          .append(String.join("; ", refused.subList(0, Math.min(MAX_REASONS, refused.size()))));
      if (refused.size() > MAX_REASONS) {
        out.append("; and ").append(refused.size() - MAX_REASONS).append(" more");
      }
      return out.toString();
    }
  }

  Split check(SampleBatch batch) {
    List<Point> kept = new ArrayList<>(batch.points().size());
    List<String> refused = new ArrayList<>();
    for (Point p : batch.points()) {
      String problem = timeProblem(batch.entity(), p);
      if (problem == null) {
        problem = Domains.sampleProblem(batch.entity(), p.metric(), domainOf(p.metric()), p.value());
      }
      if (problem == null) {
        kept.add(p);
      } else {
        refused.add(problem);
      }
    }
    return refused.isEmpty() ? new Split(batch, List.of())
        : new Split(new SampleBatch(batch.id(), batch.testbed(), batch.entity(), kept), refused);
  }

  /**
   * Why a point's time cannot be stored as it is, or null: NaN, an infinity or a time outside
   * {@link #FIRST_SECOND}..{@link #LAST_SECOND} (a recording's JSON cannot carry the first two; a
   * binary batch can carry all).
   */
  static String timeProblem(String entity, Point p) {
    if (inTime(p.ts())) {
      return null;
    }
    return p.metric() + " of " + entity + " at ts " + p.ts() + ": a time must lie in " + (long) FIRST_SECOND
        + ".." + (long) LAST_SECOND + " Unix seconds (4714-11-24 BC to 294247-01-10), what PostgreSQL and"
        + " the store's microseconds hold";
  }

  /** Whether a time is one the store can write: {@link #check} keeps a point only then. */
  static boolean inTime(double ts) {
    return ts >= FIRST_SECOND && ts <= LAST_SECOND;
  }

  /**
   * Whether {@link #check} keeps a point (the same two rules), without a reason or a point made:
   * for remote write's forwarding, which sends what the ingest stores.
   */
  static boolean keeps(String entity, String metric, SampleDomain domain, double ts, double value) {
    return inTime(ts) && Domains.sampleProblem(entity, metric, domain, value) == null;
  }

  SampleDomain domainOf(String metric) {
    SampleDomain d = domains.get(metric);
    if (d == null) {
      d = SampleDomain.of(metric);
      if (domains.size() < MAX_KEPT) {
        domains.put(metric, d);
      }
    }
    return d;
  }
}
