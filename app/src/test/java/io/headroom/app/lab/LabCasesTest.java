package io.headroom.app.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The case files as lab/run and BottleneckLabTest read them, without building anything (any
 * user, any machine): every case's expectation is a class and a role, or NONE with a reason;
 * every phase it names is one of its fio jobs; and lab.sh's loss arithmetic.
 */
class LabCasesTest {
  /** The roles lab.sh up prints an entity for ({@code ROLE_entity=}). */
  private static final Set<String> ROLES = Set.of("port", "array", "client", "disk");

  @Test
  void everyCaseExpectsAClassOnARoleOrNoneWithAtMostAReason() throws Exception {
    List<String> names;
    try (Stream<Path> files = Files.list(LabCase.DIR)) {
      names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".case"))
          .map(n -> n.substring(0, n.length() - ".case".length())).sorted().toList();
    }
    assertTrue(names.containsAll(List.of("parallel-delay", "disk-below-spec", "fabric-loss", "iodepth-cap")), names.toString());
    for (String name : names) {
      LabCase c = LabCase.load(name);
      Bottleneck.valueOf(c.expectClass());
      if (c.expectClass().equals("NONE")) {
        assertNull(c.expectRole(), name);
      } else {
        assertTrue(ROLES.contains(c.expectRole()), name + ": role " + c.expectRole());
        assertNull(c.expectReason(), name);
      }
      for (var phase : c.phases().entrySet()) {
        Bottleneck.valueOf(phase.getValue());
        LabFioJob.of(c.fio(), phase.getKey()); // the phase is one of the fio jobs
      }
    }
  }

  @Test
  void noneCarriesItsReason() throws Exception {
    LabCase cap = LabCase.load("iodepth-cap");
    assertEquals("NONE", cap.expectClass());
    assertEquals("configured_cap", cap.expectReason());
    assertNull(cap.expectRole());
    // a NONE without a reason says nothing of why
    assertNull(LabCase.load("healthy").expectReason());
    assertEquals("disk", LabCase.load("disk-below-spec").expectRole());
  }

  @Test
  void theParallelDelayPhasesAskForOneFourAndSixteen() throws Exception {
    LabCase c = LabCase.load("parallel-delay");
    // options before the first --name apply to every job; each phase sets its own depth
    assertEquals(List.of(1, 4, 16), c.phases().keySet().stream().map(p -> LabFioJob.of(c.fio(), p).outstanding()).toList());
  }

  @Test
  void lossIsDrawnInHundredthsOfAPercent() throws Exception {
    // numgen draws 0..9999: 2% is a draw below 200, 0.5% below 50; 2.55 x 100 is 254.99999... in
    // binary floating point, rounded to 255
    assertEquals(List.of("200", "50", "255", "9999"),
        Arrays.stream(new String[] {"2", "0.5", "2.55", "99.99"}).map(this::basisPoints).toList());
  }

  private String basisPoints(String pct) {
    try {
      Process p = new ProcessBuilder("bash", "-c", "set -euo pipefail; source \"$1\"; loss_basis_points \"$2\"",
          "lab-cases-test", LabTestbed.SCRIPT.toString(), pct).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      assertEquals(0, p.waitFor(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
      return out;
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
