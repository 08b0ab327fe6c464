// Draws the report's charts as inline SVG from the JSON in #report-data: no library, no fetch,
// so the page works from a mail attachment.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var NS = "http://www.w3.org/2000/svg";
  var WIDE = 1200, HIGH = 240, PAD = 44;
  var COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) { parent.appendChild(e); }
    return e;
  }

  function label(text, x, y, anchor, parent) {
    var t = el("text", { x: x, y: y, "text-anchor": anchor || "start", "font-size": 11 }, parent);
    t.textContent = text;
    return t;
  }

  function fmt(v) {
    var a = Math.abs(v);
    if (a >= 1e6) { return (v / 1e6).toFixed(1) + "M"; }
    if (a >= 1e3) { return (v / 1e3).toFixed(1) + "k"; }
    return a >= 10 || v === 0 ? v.toFixed(0) : v.toFixed(2);
  }

  function percent(v) { return (v * 100).toFixed(0) + "%"; }

  // unit: written beside the axis's top figure, so "162.0k IOPS", not "162.0k"
  // only the points of [t0, t1]: a phase's small chart draws its own span of the run's lines
  function within(lines, t0, t1) {
    return lines.map(function (l) {
      var ts = [], values = [];
      l.ts.forEach(function (t, k) { if (t >= t0 && t <= t1) { ts.push(t); values.push(l.values[k]); } });
      return { name: l.name, ts: ts, values: values, offPath: l.offPath };
    });
  }

  // span: {t0, t1, w, h, mini} for a phase's small chart; absent for the run's full-width one
  function draw(container, lines, yMaxFloor, unit, format, span) {
    format = format || fmt;
    var t0 = span ? span.t0 : data.start, t1 = span ? span.t1 : data.end;
    var W = span ? span.w : WIDE, H = span ? span.h : HIGH;
    if (span) { lines = within(lines, t0, t1); }
    var yMax = yMaxFloor || 0;
    lines.forEach(function (l) { l.values.forEach(function (v) { if (v > yMax) { yMax = v; } }); });
    if (yMax <= 0) { yMax = 1; }
    var svg = el("svg", { width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img" }, container);
    var x = function (t) { return PAD + (t - t0) / Math.max(1e-9, t1 - t0) * (W - 2 * PAD); };
    var y = function (v) { return H - PAD / 2 - v / yMax * (H - PAD); };
    el("line", { x1: PAD, y1: y(0), x2: W - PAD, y2: y(0), stroke: "#999" }, svg);
    label(format(yMax) + (unit ? " " + unit : ""), PAD - 4, y(yMax) - 6, "start", svg);
    label("0", PAD - 4, y(0) + 4, "end", svg);
    (span ? [] : data.phases).forEach(function (p) {
      var px = x(p.start);
      el("line", { x1: px, y1: PAD / 2, x2: px, y2: y(0), stroke: "#bbb", "stroke-dasharray": "4 3", "class": "phase-boundary" }, svg);
      // the name under the axis, where no line runs
      label(p.name, px + 3, H - 4, "start", svg);
    });
    var drawn = 0;
    var legend = document.createElement("div");
    legend.className = "legend";
    lines.forEach(function (l, i) {
      if (l.ts.length === 0) { return; }
      var pts = l.ts.map(function (t, k) { return x(t).toFixed(1) + "," + y(l.values[k]).toFixed(1); });
      // an entity off the data path is drawn grey and dashed: it is shown, never as a candidate
      var color = l.offPath ? "#999" : COLORS[i % COLORS.length];
      el("polyline", { points: pts.join(" "), fill: "none", stroke: color, "stroke-width": 1.5, "class": "series",
        "stroke-dasharray": l.offPath ? "5 3" : "none" }, svg);
      // the legend under the chart, in HTML, so it never covers a line
      var key = document.createElement("span");
      key.style.color = color;
      key.textContent = "\u25A0 " + l.name;
      legend.appendChild(key);
      drawn += l.ts.length;
    });
    container.appendChild(legend);
    container.setAttribute("data-points", drawn);
    if (drawn === 0) {
      var p = document.createElement("p");
      p.className = "empty";
      p.textContent = "no samples in this run's window";
      container.appendChild(p);
    }
  }

  // the small multiples: each phase's throughput and latency over its own span
  document.querySelectorAll(".multiple").forEach(function (panel, i) {
    var phase = data.phases.filter(function (p) { return p.name === panel.getAttribute("data-phase"); })[0];
    if (!phase) { return; }
    var span = { t0: phase.start, t1: phase.end, w: 400, h: 130 };
    draw(document.getElementById("mini-throughput-" + i), [data.throughput], 0, "IOPS", null, span);
    draw(document.getElementById("mini-latency-" + i), data.latency, 0, "ms", null, span);
  });
  draw(document.getElementById("chart-throughput"), [data.throughput], 0, "IOPS");
  draw(document.getElementById("chart-latency"), data.latency, 0, "ms");
  draw(document.getElementById("chart-tightest"), data.tightest, 1.0, "of the declared ceiling", percent);
})();
