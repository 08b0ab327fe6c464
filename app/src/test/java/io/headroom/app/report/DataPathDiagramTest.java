package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Verdict;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The data-path diagram drawn on the server: what is on it, its colours, the limit's outline. */
class DataPathDiagramTest {
  @Test
  void theScenariosPathIsTheWorkloadItsDiskAndTheLinkBehindItWithTheDiskOutlined() {
    RunData data = ReportScenario.build();
    Verdict v = new RunAnalyzer().analyze(data, "r1");
    PathView view = PathView.of(data, "r1", v, ReportScenario.T0, ReportScenario.T0 + 60);
    String svg = DataPathDiagram.svg(data, view);
    // wl:job1 "on" the disk, the disk "behind" the link: all three reached from the workload
    Matcher node = Pattern.compile("<g class=\"node on-path( limit)?\" data-entity=\"([^\"]+)\"").matcher(svg);
    List<String> drawn = new java.util.ArrayList<>();
    List<String> outlined = new java.util.ArrayList<>();
    while (node.find()) {
      drawn.add(node.group(2));
      if (node.group(1) != null) {
        outlined.add(node.group(2));
      }
    }
    assertEquals(List.of("disk:nvme0n1", "pcie:0000:3b:00.0", "wl:job1"), drawn.stream().sorted().toList());
    assertEquals(v.entity(), "disk:nvme0n1");
    assertEquals(List.of("disk:nvme0n1"), outlined);
    // the disk in qd8: util 1.0 and 100,000 of 100,000 IOPS: 100% of its practical ceiling, red;
    // the link had no readings: white, "no ceiling read"
    assertTrue(svg.contains("data-share=\"1.000\"><title>disk:nvme0n1 (disk): 100% of practical: the limit</title>"
        + "<rect x=\"388\" y=\"22\" width=\"172\" height=\"34\" rx=\"4\" fill=\"#f4a3a3\" stroke=\"#000\" stroke-width=\"4\"/>"), svg);
    assertTrue(svg.contains("pcie:0000:3b:00.0 (pcie_link): no ceiling read"), svg);
    // two relations between drawn elements in different columns: two lines
    assertEquals(2, svg.split("<line ", -1).length - 1);
    assertTrue(!svg.contains("off-path"), "nothing off the path in this run");
  }

  /**
   * The bands' edges: 70% of the practical ceiling starts yellow, 90% (the rules' atCeiling, where
   * a resource is full) red, so S5's array nodes at 96% read as full as the headline says.
   */
  @Test
  void colourBandsChangeAtTheirBoundaries() {
    assertEquals("#c8ecc8", DataPathDiagram.fill(OptionalDouble.of(0.6999)));
    assertEquals("#fff0a0", DataPathDiagram.fill(OptionalDouble.of(0.70)));
    assertEquals("#fff0a0", DataPathDiagram.fill(OptionalDouble.of(0.8999)));
    assertEquals("#f4a3a3", DataPathDiagram.fill(OptionalDouble.of(0.90)));
    assertEquals("#f4a3a3", DataPathDiagram.fill(OptionalDouble.of(0.96)));
    assertEquals("#f4a3a3", DataPathDiagram.fill(OptionalDouble.of(1.0)));
    assertEquals("#ffffff", DataPathDiagram.fill(OptionalDouble.empty()));
  }

  @Test
  void portsAreOrderedByTheirNumbersNotTheirCharacters() {
    List<String> ids = new java.util.ArrayList<>(List.of("s1/g620/port/10", "s1/g620/port/2", "s1/g620/port/1"));
    ids.sort(java.util.Comparator.comparing(DataPathDiagram::natural));
    assertEquals(List.of("s1/g620/port/1", "s1/g620/port/2", "s1/g620/port/10"), ids);
  }

  @Test
  void anIdLongerThan27CharactersKeepsItsTail() {
    assertEquals("s4/r760/pcie/0000:4a:00.0", DataPathDiagram.label("s4/r760/pcie/0000:4a:00.0")); // 25: whole
    assertEquals("abcdefghijklmnopqrstuvwxyz0", DataPathDiagram.label("abcdefghijklmnopqrstuvwxyz0")); // 27: whole
    // 28: the ellipsis and the last 26, 27 characters in all
    assertEquals("\u2026cdefghijklmnopqrstuvwxyz01", DataPathDiagram.label("abcdefghijklmnopqrstuvwxyz01"));
  }
}
