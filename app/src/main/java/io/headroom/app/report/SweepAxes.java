package io.headroom.app.report;

import java.util.List;

/**
 * The two parameters a sweep view lays its phases out by (rows, columns), as named on the command
 * line ("bs", "rdpct", ...); null for either: the first that varies.
 */
public record SweepAxes(String rows, String cols) {
  public static final SweepAxes DEFAULT = new SweepAxes(null, null);

  public SweepAxes {
    for (String name : new String[] {rows, cols}) {
      if (name != null && SweepParam.named(name) == null) {
        throw new IllegalArgumentException("no sweep parameter \"" + name + "\": bs, rdpct, randompct, iodepth, threads or vms");
      }
    }
  }

  /** "--sweep bs,rdpct": two names, rows first. */
  public static SweepAxes of(List<String> names) {
    if (names.size() != 2) {
      throw new IllegalArgumentException("--sweep takes two parameters, rows and columns (e.g. bs,rdpct), not " + names.size());
    }
    return new SweepAxes(names.get(0), names.get(1));
  }
}
