package io.headroom.analyzer.data;

/** A span of time to analyse: a whole run or one phase. {@code to} may be infinite. */
public record Window(String name, double from, double to) {
  public static final Window ALL = new Window("all", Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
}
