package io.headroom.model.recording;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.util.List;
import java.util.Map;

/**
 * What a record's numbers may be (docs/recording-format.md, "Domains"): a reading outside its
 * metric's domain, a ceiling that is no ceiling, or a span that ends before it starts is an error,
 * never a verdict. Checked where a recording is read and where the analyzer decodes records from
 * Kafka (topology and runs as JSON, samples in binary batches: {@link #sampleProblem}), so nothing
 * downstream has to guess.
 */
public final class Domains {
  /**
   * A share of time or of a quota may pass 1 a little (busy-time counters jitter, a cgroup may
   * burst above its quota for an interval); beyond twice its ceiling it is a fault, not a reading.
   */
  static final double MAX_FRACTION = 2.0;

  /** Metrics that are counts, sizes, rates or durations, by suffix: none can be negative. */
  private static final List<String> NON_NEGATIVE_SUFFIXES = List.of("_per_s", "_iops", "_s", "_bytes", "_count");
  private static final List<String> NON_NEGATIVE_NAMES = List.of(
      "queue_depth", "procs_running", "procs_blocked", "cpu_cores_used", "numjobs", "iodepth",
      "scrape_samples", "scrape_problems", "scrape_missed_intervals", "spool_dropped_records",
      "spool_corrupt_frames", "spool_refused_by_kafka");
  /** Attributes a ceiling is derived from when no capacity is declared (model.Ceilings). */
  private static final List<String> SPEED_ATTRS = List.of("speed_bps", "max_speed_bps", "gen", "width",
      "max_gen", "max_width");

  /**
   * The first instant PostgreSQL's timestamptz holds, 4714-11-24 00:00 UTC BC (Julian day 0), in
   * Unix seconds: an earlier point would fail the whole batch's COPY ("timestamp out of range").
   * Far below it the store's microseconds (Math.round(ts * 1e6), store.BinaryCopy) saturate at
   * Long.MIN_VALUE and the shift to PostgreSQL's epoch wraps them round to the year 294,247.
   */
  public static final double FIRST_SECOND = -210_866_803_200d;
  /**
   * The last whole Unix second whose microseconds fit a long: Long.MAX_VALUE / 1,000,000 =
   * 9,223,372,036,854 (294247-01-10 04:00:54 UTC). Past 9,223,372,036,854.775807 the conversion
   * saturates at Long.MAX_VALUE, so every later time would be stored as one and the same instant.
   */
  public static final double LAST_SECOND = Long.MAX_VALUE / 1_000_000;

  private Domains() {}

  /**
   * Why a record's numbers are outside their domains (the message {@link #check} throws), or null.
   * For records made from other formats (an importer's), which must hold what a recording holds.
   */
  public static String problem(RecordingRecord record) {
    try {
      check(record);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  /**
   * Why {@code ts} cannot be a time Headroom stores ("the run's end 3.2e16 is outside ..."), or
   * null: NaN, an infinity, or outside {@link #FIRST_SECOND}..{@link #LAST_SECOND}.
   */
  public static String timeProblem(String what, double ts) {
    if (ts >= FIRST_SECOND && ts <= LAST_SECOND) {
      return null;
    }
    return what + " " + ts + " is no time: a time must lie in " + (long) FIRST_SECOND + ".." + (long) LAST_SECOND
        + " Unix seconds (4714-11-24 BC to 294247-01-10), what PostgreSQL and the store's microseconds hold";
  }

  /** Throws IllegalArgumentException saying what is out of its domain; returns the record. */
  static RecordingRecord check(RecordingRecord record) {
    if (record instanceof Sample s) {
      time("the time of " + s.metric() + " of " + s.entity(), s.ts());
      sample(s);
    } else if (record instanceof Entity e) {
      entity(e);
    } else if (record instanceof Run r) {
      time("run \"" + r.run() + "\"'s start", r.start());
      time("run \"" + r.run() + "\"'s end", r.end());
    } else if (record instanceof Phase p) {
      time("phase \"" + p.name() + "\"'s start", p.start());
      time("phase \"" + p.name() + "\"'s end", p.end());
    }
    if (record instanceof Run r && r.end() != null && r.end() < r.start()) {
      throw new IllegalArgumentException("run \"" + r.run() + "\" ends (" + r.end() + ") before it starts ("
          + r.start() + ")");
    } else if (record instanceof Phase p && p.end() != null && p.end() < p.start()) {
      throw new IllegalArgumentException("phase \"" + p.name() + "\" ends (" + p.end() + ") before it starts ("
          + p.start() + ")");
    }
    return record;
  }

  private static void time(String what, Double ts) {
    String problem = ts == null ? null : timeProblem(what, ts);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
  }

  static boolean isFraction(String metric) {
    return metric.equals("util") || metric.startsWith("util_") || metric.startsWith("psi_")
        || metric.endsWith("_fraction") || metric.endsWith("_ratio");
  }

  static boolean isNonNegative(String metric) {
    for (String suffix : NON_NEGATIVE_SUFFIXES) {
      if (metric.endsWith(suffix)) {
        return true;
      }
    }
    return NON_NEGATIVE_NAMES.contains(metric);
  }

  private static void sample(Sample s) {
    String problem = sampleProblem(s.entity(), s.metric(), s.value());
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
  }

  /**
   * Why a reading is outside its metric's domain ("util of h1/cpu is -0.77: a share must lie in
   * 0..2"), or null when it is a reading. A recording's JSON cannot carry NaN or an infinity (its
   * reader refuses them as numbers), but a binary sample batch can, so finiteness is asked here.
   */
  public static String sampleProblem(String entity, String metric, double value) {
    return sampleProblem(entity, metric, SampleDomain.of(metric), value);
  }

  /**
   * The same rule with the metric's domain decided beforehand ({@link SampleDomain#of}), for a
   * caller that checks many readings of few metrics and keeps each metric's domain.
   */
  public static String sampleProblem(String entity, String metric, SampleDomain domain, double value) {
    if (!Double.isFinite(value)) {
      return metric + " of " + entity + " is " + value + ": a reading must be a finite number";
    }
    if (domain == SampleDomain.FRACTION && !(value >= 0 && value <= MAX_FRACTION)) {
      return metric + " of " + entity + " is " + value + ": a share must lie in 0.." + (int) MAX_FRACTION;
    }
    if (domain == SampleDomain.NON_NEGATIVE && value < 0) {
      return metric + " of " + entity + " is " + value + ": it cannot be negative";
    }
    return null;
  }

  /** What a metric's readings may be, by its name. */
  public enum SampleDomain {
    /** A share: 0 to {@link #MAX_FRACTION}. */
    FRACTION,
    /** A count, size, rate or duration: not negative. */
    NON_NEGATIVE,
    /** Any finite number (a temperature, a signal power in dBm). */
    FINITE;

    public static SampleDomain of(String metric) {
      // a share is also never negative, so a name that is both is held to the narrower domain
      return isFraction(metric) ? FRACTION : isNonNegative(metric) ? NON_NEGATIVE : FINITE;
    }
  }

  private static void entity(Entity e) {
    for (Map.Entry<String, Double> c : e.capacity().entrySet()) {
      double v = c.getValue();
      // below the smallest normal double a ceiling is no ceiling (1e-320 would make anything "full")
      if (!(v >= Double.MIN_NORMAL) || Double.isInfinite(v)) {
        throw new IllegalArgumentException("capacity \"" + c.getKey() + "\" of entity \"" + e.id() + "\" is "
            + v + ": a ceiling must be a positive, finite, normal number");
      }
    }
    for (String attr : SPEED_ATTRS) {
      Object v = e.attrs().get(attr);
      if (v instanceof Number n && !(n.doubleValue() >= Double.MIN_NORMAL && Double.isFinite(n.doubleValue()))) {
        throw new IllegalArgumentException("attribute \"" + attr + "\" of entity \"" + e.id() + "\" is " + v
            + ": it must be a positive, finite, normal number");
      }
    }
  }
}
