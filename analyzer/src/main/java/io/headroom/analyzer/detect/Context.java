package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Series;
import io.headroom.analyzer.data.Stats;
import io.headroom.analyzer.data.Window;
import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import io.headroom.model.Run;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.Set;

/**
 * One window under analysis: the data, its data path, the thresholds, and the per-entity
 * statistics the rules ask for (cached, since several rules read the same series).
 */
public final class Context {
  private final RunData data;
  private final Window window;
  private final DataPath path;
  private final Thresholds thresholds;
  private final Run run;
  private final Map<String, Double> p95s;
  private final Map<String, Double> means;
  private final Set<String> distrusted;
  private final RunWindows runWindows;
  /** Operating points of entities in this window (they depend on the window's readings alone). */
  private final Map<String, Optional<OperatingPoint>> points;
  /** What each device's response to concurrency says, read against this context's run windows. */
  private final Map<String, Queueing> queueing = new HashMap<>();

  /** @param run the run the window belongs to, for its declared workload; may be null */
  public Context(RunData data, Run run, Window window, DataPath path, Thresholds thresholds) {
    this(data, run, window, path, thresholds, new HashMap<>(), new HashMap<>(), Set.of(), RunWindows.only(window),
        new HashMap<>());
  }

  private Context(RunData data, Run run, Window window, DataPath path, Thresholds thresholds,
      Map<String, Double> p95s, Map<String, Double> means, Set<String> distrusted, RunWindows runWindows,
      Map<String, Optional<OperatingPoint>> points) {
    this.data = data;
    this.run = run;
    this.window = window;
    this.path = path;
    this.thresholds = thresholds;
    this.p95s = p95s;
    this.means = means;
    this.distrusted = distrusted;
    this.runWindows = runWindows;
    this.points = points;
  }

  /** The entity's operating point in this window (OperatingPoint.of), computed once; null without I/O. */
  OperatingPoint point(String entity) {
    return memo(entity, () -> OperatingPoint.of(data, entity, window));
  }

  /** The workloads' summed operating point in this window (OperatingPoint.ofWorkloads), computed once. */
  OperatingPoint workloadPoint() {
    return memo("\0workloads", () -> OperatingPoint.ofWorkloads(this));
  }

  /** get, then put: the workloads' point is made of the entities' points, so no computeIfAbsent. */
  private OperatingPoint memo(String key, Supplier<OperatingPoint> make) {
    Optional<OperatingPoint> known = points.get(key);
    if (known == null) {
      known = Optional.ofNullable(make.get());
      points.put(key, known);
    }
    return known.orElse(null);
  }

  /** What the device's response to concurrency says here (Queueing.of), computed once. */
  Queueing queueing(String entity) {
    Queueing q = queueing.get(entity);
    if (q == null) {
      q = Queueing.of(this, entity);
      queueing.put(entity, q);
    }
    return q;
  }

  /**
   * The same window, knowing the run's other judged windows and the readings that did not move with
   * the load across them: how a resource responds to more concurrency is read across phases
   * (Queueing), and a reading flat while throughput changed is not load (Unresponsive).
   */
  public Context within(RunWindows windows) {
    return new Context(data, run, window, path, thresholds, p95s, means, distrusted, windows, points);
  }

  /** The run's judged windows (this one among them) and what was learnt across them. */
  public RunWindows runWindows() {
    return runWindows;
  }

  /**
   * The same window, with the entities whose readings were implausible in some judged window of
   * the run: their ceiling or counter is wrong, so none of them is a candidate here either. The
   * statistics already computed are shared.
   */
  public Context distrusting(Set<String> entities) {
    return new Context(data, run, window, path, thresholds, p95s, means, Set.copyOf(entities), runWindows, points);
  }

  /**
   * A part of this window (a phase after its limit's onset), judged against the given thresholds;
   * the entities distrusted here are distrusted there.
   */
  public Context over(Window part, Thresholds partThresholds) {
    return new Context(data, run, part, DataPath.of(data, part), partThresholds, new HashMap<>(), new HashMap<>(),
        distrusted, runWindows.replacing(window, part), new HashMap<>());
  }

  /** True when the entity's readings were implausible in another window of the run. */
  public boolean distrusted(String entity) {
    return distrusted.contains(entity);
  }

  public static Context of(RunData data, Run run, Window window, Thresholds thresholds) {
    return new Context(data, run, window, DataPath.of(data, window), thresholds);
  }

  /** The run, or null when the window is not part of a declared run. */
  public Run run() {
    return run;
  }

  public RunData data() {
    return data;
  }

  public Window window() {
    return window;
  }

  public DataPath path() {
    return path;
  }

  public Thresholds thresholds() {
    return thresholds;
  }

  public Entity entity(String id) {
    return data.entity(id);
  }

  /** The metric's readings in the window; empty when there are none. */
  public double[] values(String entity, String metric) {
    Series s = data.seriesOf(entity).get(metric);
    return s == null ? new double[0] : s.valuesBetween(window.from(), window.to());
  }

  /** True when any metric of the entity has a reading in the window. */
  public boolean hasReadings(String entity) {
    for (Series s : data.seriesOf(entity).values()) {
      if (s.countBetween(window.from(), window.to()) > 0) {
        return true;
      }
    }
    return false;
  }

  /** The most readings any one metric of the entity has in the window. */
  public int readingCount(String entity) {
    int most = 0;
    for (Series s : data.seriesOf(entity).values()) {
      most = Math.max(most, s.countBetween(window.from(), window.to()));
    }
    return most;
  }

  public boolean has(String entity, String metric) {
    return values(entity, metric).length > 0;
  }

  /** p95 of the metric in the window, NaN without readings. */
  public double p95(String entity, String metric) {
    return p95s.computeIfAbsent(entity + '\0' + metric,
        k -> Stats.percentile(values(entity, metric), 0.95));
  }

  /**
   * p95 of a series worked out from the window's readings rather than read as one metric (a disk's
   * share of its spec at each second's mix), computed once under its key; NaN without values.
   */
  double p95Of(String entity, String key, Supplier<double[]> values) {
    return p95s.computeIfAbsent(entity + '\0' + key, k -> Stats.percentile(values.get(), 0.95));
  }

  /** Mean of the metric in the window, NaN without readings. */
  public double mean(String entity, String metric) {
    return means.computeIfAbsent(entity + '\0' + metric, k -> Stats.mean(values(entity, metric)));
  }

  /** p95 with no readings counted as zero: an idle or silent entity adds nothing. */
  public double p95OrZero(String entity, String metric) {
    double v = p95(entity, metric);
    return Double.isNaN(v) ? 0 : v;
  }

  public double meanOrZero(String entity, String metric) {
    double v = mean(entity, metric);
    return Double.isNaN(v) ? 0 : v;
  }

  /**
   * A capacity of the entity, NaN when unknown or not positive. Declared wins; a link or port
   * recorded without one but with its speed (gen and width, speed_bps) gets the ceiling that
   * follows from it, by the function the host source uses ({@link Ceilings}).
   */
  public double capacity(String entity, String family) {
    Double c = data.entity(entity).capacity().get(family);
    if (c != null) {
      return c > 0 ? c : Double.NaN;
    }
    if (!Metrics.CAPACITY_BYTES_PER_S.equals(family)) {
      return Double.NaN;
    }
    return switch (data.entity(entity).kind()) {
      case EntityKind.PCIE_LINK -> Ceilings.pcie(attrNumber(entity, "gen"), attrNumber(entity, "width"));
      case EntityKind.NET_PORT -> Ceilings.port(attr(entity, "fabric"), attrNumber(entity, "speed_bps"));
      default -> Double.NaN;
    };
  }

  /** An attribute as text, null when absent. */
  public String attr(String entity, String name) {
    Object v = data.entity(entity).attrs().get(name);
    return v == null ? null : v.toString();
  }

  /** An attribute as a number, NaN when absent or not numeric. */
  public double attrNumber(String entity, String name) {
    Object v = data.entity(entity).attrs().get(name);
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof String s) {
      try {
        return Double.parseDouble(s);
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }
}
