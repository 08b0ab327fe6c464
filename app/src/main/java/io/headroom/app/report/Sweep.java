package io.headroom.app.report;

import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The phases of a sweep laid out by two of the parameters they vary (rows and columns), one grid
 * for each setting of the others, each cell the phase's limit and throughput; and where the limit
 * changes, found along both axes and said once for all the rows, columns and grids it holds in.
 */
final class Sweep {
  /** One phase: its parameters (in the view's terms), its limit, its throughput; null limit: not judged. */
  record Point(String phase, Map<SweepParam, Double> params, Bottleneck limit, double bytesPerS) {}

  final SweepParam rows;
  final SweepParam cols;
  final List<SweepParam> others;
  final List<Double> rowValues;
  final List<Double> colValues;
  /** Each setting of the other parameters (their values in {@link #others}' order) to its cells [row][col]. */
  final Map<List<Double>, Point[][]> grids = new LinkedHashMap<>();

  private Sweep(SweepParam rows, SweepParam cols, List<SweepParam> others, List<Point> points) {
    this.rows = rows;
    this.cols = cols;
    this.others = others;
    this.rowValues = distinct(points, rows);
    this.colValues = distinct(points, cols);
    TreeSet<List<Double>> keys = new TreeSet<>(Sweep::compareKeys);
    points.forEach(p -> keys.add(key(p)));
    keys.forEach(k -> grids.put(k, new Point[rowValues.size()][colValues.size()]));
    for (Point p : points) {
      grids.get(key(p))[rowValues.indexOf(p.params.get(rows))][colValues.indexOf(p.params.get(cols))] = p;
    }
  }

  /**
   * The sweep of the phases, by the two parameters asked for (null: the first two that vary, in
   * SweepParam's order); null when fewer than two parameters vary or a chosen one does not. Phases
   * that do not declare every varying parameter are left out.
   */
  static Sweep of(List<Point> points, SweepParam rows, SweepParam cols) {
    List<SweepParam> varying = new ArrayList<>();
    for (SweepParam p : SweepParam.values()) {
      if (distinct(points, p).size() > 1) {
        varying.add(p);
      }
    }
    SweepParam r = rows != null ? rows : varying.stream().filter(p -> p != cols).findFirst().orElse(null);
    SweepParam c = cols != null ? cols : varying.stream().filter(p -> p != r).findFirst().orElse(null);
    if (r == null || c == null || r == c || !varying.contains(r) || !varying.contains(c)) {
      return null;
    }
    List<SweepParam> others = varying.stream().filter(p -> p != r && p != c).toList();
    List<Point> complete = points.stream()
        .filter(p -> varying.stream().allMatch(v -> p.params.containsKey(v))).toList();
    return new Sweep(r, c, others, complete);
  }

  /** Where the limit changes, one sentence per change: "array CPU from 50% writes at every block size up to 32 KiB (random share 0%, 25% and 50%)". */
  List<String> boundaries() {
    List<String> out = new ArrayList<>();
    out.addAll(along(true));
    out.addAll(along(false));
    return out;
  }

  /**
   * The changes met walking each row left to right (acrossCols) or each column top to bottom:
   * grouped by the class it changes to and the value it changes at, then by the set of rows
   * (columns) that change there, so that grids sharing a boundary share its sentence.
   */
  private List<String> along(boolean acrossCols) {
    SweepParam axis = acrossCols ? cols : rows;
    SweepParam other = acrossCols ? rows : cols;
    List<Double> axisValues = acrossCols ? colValues : rowValues;
    List<Double> otherValues = acrossCols ? rowValues : colValues;
    // (class changed to, axis index) -> grid -> indexes of the rows (or columns) where it changed there
    Map<Bottleneck, Map<Integer, Map<List<Double>, TreeSet<Integer>>>> changes = new EnumMap<>(Bottleneck.class);
    for (Map.Entry<List<Double>, Point[][]> g : grids.entrySet()) {
      for (int o = 0; o < otherValues.size(); o++) {
        for (int a = 1; a < axisValues.size(); a++) {
          Point before = acrossCols ? g.getValue()[o][a - 1] : g.getValue()[a - 1][o];
          Point here = acrossCols ? g.getValue()[o][a] : g.getValue()[a][o];
          if (before != null && here != null && before.limit != null && here.limit != null && before.limit != here.limit) {
            changes.computeIfAbsent(here.limit, k -> new java.util.TreeMap<>())
                .computeIfAbsent(a, k -> new LinkedHashMap<>())
                .computeIfAbsent(g.getKey(), k -> new TreeSet<>()).add(o);
          }
        }
      }
    }
    List<String> out = new ArrayList<>();
    changes.forEach((limit, byValue) -> byValue.forEach((a, byGrid) -> {
      Map<TreeSet<Integer>, List<List<Double>>> sameCells = new LinkedHashMap<>();
      byGrid.forEach((grid, where) -> sameCells.computeIfAbsent(where, k -> new ArrayList<>()).add(grid));
      sameCells.forEach((where, inGrids) -> out.add(words(limit) + " from " + axis.phrase(axisValues.get(a)) + " "
          + at(other, where, otherValues) + qualifier(inGrids)));
    }));
    return out;
  }

  /** "at every block size", "at every block size up to 32 KiB", "at every write share from 50%", "at block sizes 8 KiB and 64 KiB". */
  static String at(SweepParam p, TreeSet<Integer> where, List<Double> values) {
    int n = values.size();
    boolean contiguous = where.last() - where.first() + 1 == where.size();
    if (where.size() == n) {
      return "at every " + p.label;
    }
    if (contiguous && where.size() > 1 && where.first() == 0) {
      return "at every " + p.label + " up to " + p.shortValue(values.get(where.last()));
    }
    if (contiguous && where.size() > 1 && where.last() == n - 1) {
      return "at every " + p.label + " from " + p.shortValue(values.get(where.first()));
    }
    List<String> each = where.stream().map(i -> p.shortValue(values.get(i))).toList();
    return "at " + (each.size() == 1 ? p.label : p.plural) + " " + and(each);
  }

  /** " (random share 0%, 25% and 50%)": the grids a sentence holds in, nothing when it holds in all. */
  private String qualifier(List<List<Double>> inGrids) {
    if (others.isEmpty() || inGrids.size() == grids.size()) {
      return "";
    }
    if (others.size() == 1) {
      return " (" + others.get(0).label + " " + and(inGrids.stream().map(k -> others.get(0).shortValue(k.get(0))).toList()) + ")";
    }
    return " (" + String.join("; ", inGrids.stream().map(this::gridName).toList()) + ")";
  }

  /** "random share 75%, queue depth 8": one grid's setting of the other parameters. */
  String gridName(List<Double> key) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < others.size(); i++) {
      parts.add(others.get(i).label + " " + others.get(i).shortValue(key.get(i)));
    }
    return String.join(", ", parts);
  }

  /** A class as the sentence says it. */
  static String words(Bottleneck b) {
    return switch (b) {
      case ARRAY_CPU -> "array CPU";
      case HOST_CPU -> "host CPU";
      case PCIE -> "the PCIe link";
      case NUMA -> "NUMA placement";
      case NETWORK -> "the network";
      case DISK -> "the disks";
      case NONE -> "nothing full (NONE)";
    };
  }

  static String and(List<String> items) {
    if (items.size() < 2) {
      return String.join("", items);
    }
    return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
  }

  private List<Double> key(Point p) {
    return others.stream().map(o -> p.params.get(o)).toList();
  }

  private static int compareKeys(List<Double> a, List<Double> b) {
    for (int i = 0; i < a.size(); i++) {
      int c = Double.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static List<Double> distinct(List<Point> points, SweepParam p) {
    TreeSet<Double> values = new TreeSet<>();
    points.forEach(x -> {
      Double v = x.params.get(p);
      if (v != null) {
        values.add(v);
      }
    });
    return new ArrayList<>(values);
  }
}
