package io.headroom.app.report;

import static io.headroom.app.report.ReportPage.esc;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The run's data path as inline SVG, drawn on the server so it needs no script: one column per
 * layer (workloads, host CPUs and sockets, PCIe links, ports and switches, array nodes, drives and
 * volumes), the relations between them as lines, each element filled by its share of its
 * practical ceiling, the limit outlined thick (class "limit"), and the entities with a reading off
 * the data path in a grey strip under it, each labelled so.
 */
final class DataPathDiagram {
  /** Rows in one column before it wraps into another beside it. */
  static final int ROWS = 16;
  static final int BOX_W = 172;
  static final int BOX_H = 34;
  static final int GAP_Y = 6;
  static final int GAP_X = 22;
  static final int HEADER = 22;
  /** Characters of an id shown; a longer one keeps its tail, the part that tells members apart. */
  static final int LABEL_CHARS = 27;

  /** The layers, left to right, and the kinds in each. */
  static final Map<String, List<String>> LAYERS = layers();

  private DataPathDiagram() {}

  private static Map<String, List<String>> layers() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("workloads", List.of(EntityKind.WORKLOAD));
    m.put("host CPUs and sockets", List.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, "cpu"));
    m.put("PCIe links", List.of(EntityKind.PCIE_LINK));
    m.put("ports and switches", List.of(EntityKind.NET_PORT));
    m.put("array nodes", List.of(EntityKind.ARRAY_CPU));
    m.put("drives and volumes", List.of(EntityKind.DISK));
    return m;
  }

  /** Where an element sits: its box's top-left corner. */
  private record Box(double x, double y) {}

  static String svg(RunData data, PathView view) {
    Map<String, List<String>> columns = columns(data, view);
    Map<String, Box> boxes = new HashMap<>();
    StringBuilder heads = new StringBuilder();
    int x = 0;
    int tallest = 0;
    for (Map.Entry<String, List<String>> c : columns.entrySet()) {
      List<String> ids = c.getValue();
      int wraps = (ids.size() + ROWS - 1) / ROWS;
      int rows = (ids.size() + wraps - 1) / wraps;
      heads.append(text(x, 14, c.getKey(), "layer"));
      for (int i = 0; i < ids.size(); i++) {
        boxes.put(ids.get(i), new Box(x + (i / rows) * (BOX_W + GAP_X), HEADER + (i % rows) * (BOX_H + GAP_Y)));
      }
      tallest = Math.max(tallest, rows);
      x += wraps * (BOX_W + GAP_X);
    }
    int pathHeight = HEADER + tallest * (BOX_H + GAP_Y);
    List<HeadroomEntry> off = view.offPath();
    int perRow = Math.max(1, x / (BOX_W + GAP_X));
    int offRows = (off.size() + perRow - 1) / perRow;
    int height = pathHeight + (off.isEmpty() ? 0 : HEADER + offRows * (BOX_H + GAP_Y));
    int width = Math.max(x - GAP_X, BOX_W);
    StringBuilder s = new StringBuilder(16 * 1024);
    s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"data-path\" width=\"%d\" height=\"%d\""
        + " viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">", width, height, width, height));
    s.append("<title>The run's data path: each element's share of its practical ceiling</title>");
    edges(s, data, boxes);
    s.append(heads);
    for (Map.Entry<String, Box> b : boxes.entrySet()) {
      node(s, data.entity(b.getKey()), b.getValue(), view);
    }
    if (!off.isEmpty()) {
      s.append(text(0, pathHeight + 14, "off the data path (no phase's I/O crosses them; shown for their load only)", "layer"));
      for (int i = 0; i < off.size(); i++) {
        Box b = new Box((i % perRow) * (BOX_W + GAP_X), pathHeight + HEADER + (i / perRow) * (BOX_H + GAP_Y));
        offNode(s, off.get(i), b);
      }
    }
    return s.append("</svg>").toString();
  }

  /** Each layer's on-path entities in id order; layers with none left out, unknown kinds last. */
  private static Map<String, List<String>> columns(RunData data, PathView view) {
    Map<String, List<String>> columns = new LinkedHashMap<>();
    List<String> other = new ArrayList<>();
    List<String> byName = new ArrayList<>(view.onPath());
    byName.sort(java.util.Comparator.comparing(DataPathDiagram::natural));
    for (String id : byName) {
      String kind = data.entity(id).kind();
      String layer = LAYERS.entrySet().stream().filter(l -> l.getValue().contains(kind)).map(Map.Entry::getKey)
          .findFirst().orElse(null);
      if (layer == null) {
        other.add(id);
      } else {
        columns.computeIfAbsent(layer, k -> new ArrayList<>()).add(id);
      }
    }
    Map<String, List<String>> ordered = new LinkedHashMap<>();
    for (String layer : LAYERS.keySet()) {
      if (columns.containsKey(layer)) {
        ordered.put(layer, columns.get(layer));
      }
    }
    if (!other.isEmpty()) {
      ordered.put("other", other);
    }
    return ordered;
  }

  /** A line per relation between two drawn elements in different columns, under the boxes. */
  private static void edges(StringBuilder s, RunData data, Map<String, Box> boxes) {
    s.append("<g class=\"relations\" stroke=\"#b8b8b8\" stroke-width=\"1\">");
    for (Relation r : data.relations()) {
      Box a = boxes.get(r.from());
      Box b = boxes.get(r.to());
      if (a == null || b == null || a.x() == b.x()) {
        continue;
      }
      Box left = a.x() < b.x() ? a : b;
      Box right = left == a ? b : a;
      s.append(String.format(Locale.ROOT, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"><title>%s</title></line>",
          left.x() + BOX_W, left.y() + BOX_H / 2.0, right.x(), right.y() + BOX_H / 2.0,
          esc(r.from() + " " + r.rel() + " " + r.to())));
    }
    s.append("</g>");
  }

  private static void node(StringBuilder s, Entity e, Box b, PathView view) {
    OptionalDouble share = view.shareOf(e.id());
    boolean limit = view.limit().contains(e.id());
    boolean implausible = view.implausible().contains(e.id());
    String figure = share.isPresent() ? percent(share.getAsDouble()) + (limit ? " of practical: the limit" : " of practical ceiling")
        : implausible ? "implausible reading" : EntityKind.WORKLOAD.equals(e.kind()) ? "the load" : "no ceiling read";
    s.append("<g class=\"node on-path").append(limit ? " limit" : "").append("\" data-entity=\"").append(esc(e.id()))
        .append("\" data-kind=\"").append(esc(e.kind())).append('"');
    if (share.isPresent()) {
      s.append(String.format(Locale.ROOT, " data-share=\"%.3f\"", share.getAsDouble()));
    }
    s.append("><title>").append(esc(e.id() + " (" + e.kind() + "): " + figure)).append("</title>");
    s.append(String.format(Locale.ROOT, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"%s\""
        + " stroke-width=\"%d\"/>", b.x(), b.y(), BOX_W, BOX_H, fill(share), limit ? "#000" : "#666", limit ? 4 : 1));
    s.append(text(b.x() + 6, b.y() + 14, label(e.id()), null));
    s.append(text(b.x() + 6, b.y() + 28, figure, limit ? "figure limit-figure" : "figure"));
    s.append("</g>");
  }

  private static void offNode(StringBuilder s, HeadroomEntry h, Box b) {
    s.append("<g class=\"node off-path\" data-entity=\"").append(esc(h.entity())).append("\" data-kind=\"")
        .append(esc(h.kind())).append("\"><title>").append(esc(h.entity() + " (off the data path)")).append("</title>");
    s.append(String.format(Locale.ROOT, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"#eeeeee\""
        + " stroke=\"#aaa\" stroke-dasharray=\"4 3\"/>", b.x(), b.y(), BOX_W, BOX_H));
    s.append(text(b.x() + 6, b.y() + 14, label(h.entity()), "muted"));
    s.append(text(b.x() + 6, b.y() + 28, percent(h.utilization()) + " (off the data path)", "muted"));
    s.append("</g>");
  }

  /**
   * Bands of the practical ceiling, as the legend gives them: under 70% green, 70% up to the rules'
   * at-ceiling share yellow, at or over it red (a rule calls a resource full from there, p95: S5's
   * array nodes at 96% are full, as the headline says); no reading white.
   */
  static String fill(OptionalDouble share) {
    if (share.isEmpty()) {
      return "#ffffff";
    }
    double v = share.getAsDouble();
    return v >= AT_CEILING ? "#f4a3a3" : v >= 0.7 ? "#fff0a0" : "#c8ecc8";
  }

  /** The share of the practical ceiling from which the rules call a resource full (Thresholds.atCeiling, 90%). */
  static final double AT_CEILING = io.headroom.analyzer.detect.Thresholds.defaults().atCeiling();

  /** The id with each run of digits padded to 10, so port/2 sorts before port/10. */
  static String natural(String id) {
    return java.util.regex.Pattern.compile("\\d+").matcher(id).replaceAll(m -> "0".repeat(Math.max(0, 10 - m.group().length()))
        + m.group());
  }

  static String label(String id) {
    return id.length() <= LABEL_CHARS ? id : "\u2026" + id.substring(id.length() - LABEL_CHARS + 1);
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f%%", share * 100);
  }

  private static String text(double x, double y, String text, String cls) {
    return String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\"%s>%s</text>", x, y,
        cls == null ? "" : " class=\"" + cls + "\"", esc(text));
  }

  /** The colour bands as an HTML legend under the diagram. */
  static String legend() {
    return "<p class=\"path-legend\"><span style=\"background:#c8ecc8\">under 70%</span>"
        + "<span style=\"background:#fff0a0\">70-" + percent(AT_CEILING) + "</span><span style=\"background:#f4a3a3\">"
        + percent(AT_CEILING) + " or more: at its ceiling</span><span style=\"background:#fff\">no ceiling read</span>"
        + " of the practical ceiling, the most any phase took where it was on the path; the limit outlined thick, at"
        + " the figure the headline quotes;"
        + " off the data path greyed, dashed, below.</p>";
  }
}
