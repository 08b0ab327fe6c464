package io.headroom.app.lab;

import io.headroom.standin.MachineTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * lab/lab.sh's own promises: bad settings are refused before anything is built, a testbed whose
 * owner died (a killed test run) is swept at the next start, one whose owner lives is not,
 * teardown can be repeated, and it stops the remote sources' stand-in BMC and snmpd.
 */
@MachineTest("runs lab/run, which creates and sweeps network namespaces and cgroups")
class LabScriptTest {
  @BeforeAll
  static void root() throws Exception {
    String why = LabTestbed.cannotRunHere();
    assumeTrue(why == null, why);
  }

  record Result(int exit, String out, String err) {}

  static Result lab(long owner, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(LabTestbed.SCRIPT.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("LAB_OWNER", Long.toString(owner));
    pb.environment().put("LAB_STANDIN_CP", System.getProperty("java.class.path"));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(p.waitFor(), out, err.strip());
  }

  static String newId() {
    return "t" + HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
  }

  static boolean exists(String id) {
    // the cgroup in the v1 cpu hierarchy or in the v2 unified one, whichever the lab used
    return Files.exists(Path.of("/sys/fs/cgroup/cpu/hrlab-" + id)) || Files.exists(Path.of("/sys/fs/cgroup/hrlab-" + id))
        || Files.exists(Path.of("/run/netns/hrlab-" + id))
        || Files.exists(Path.of("/var/tmp/hrlab-" + id + ".img")) || Files.exists(Path.of("/sys/class/net/hr" + id + "c"));
  }

  @Test
  void badSettingsAreRefusedAndNothingIsBuilt() throws Exception {
    String id = newId();
    Result r = lab(ProcessHandle.current().pid(), "up", id, "rate=80mbit");
    assertEquals(1, r.exit());
    assertEquals("lab: unknown setting \"rate=80mbit\" (known: rate_mbit array_cpu array_delay_ms array_threads "
        + "client_cpu disk_riops disk_wiops disk_rbps disk_wbps disk_spec_iops loss_pct size array_via fabric_via)", r.err());
    assertFalse(exists(id));
    assertEquals("lab: rate_mbit must be a whole number of Mbit/s, not 1.5",
        lab(1, "up", id, "rate_mbit=1.5").err());
    assertEquals("lab: array_via must be cgroup, redfish or ontap, not ipmi", lab(1, "up", id, "array_via=ipmi").err());
    assertEquals("lab: fabric_via must be declared or snmp, not lldp", lab(1, "up", id, "fabric_via=lldp").err());
    assertEquals("lab: array_threads must be a whole number from 1 to 1024, not 0", lab(1, "up", id, "array_threads=0").err());
    assertEquals("lab: disk_spec_iops must be a whole number of IOPS, not 1e3", lab(1, "up", id, "disk_spec_iops=1e3").err());
    for (String loss : List.of("0", "100", "1.234", "-1")) {
      assertEquals("lab: loss_pct must be a percentage above 0 and below 100, at most two decimals, not " + loss,
          lab(1, "up", id, "loss_pct=" + loss).err());
    }
    assertFalse(exists(id));
    assertEquals("lab: id \"Bad-Id\" must be 1-8 lowercase letters or digits (it goes into interface names)",
        lab(1, "up", "Bad-Id").err());
  }

  @Test
  void aDeadOwnersTestbedIsSweptALiveOnesIsNot() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    String dead = newId();
    String live = newId();
    try {
      assertEquals(0, lab(gone.pid(), "up", dead).exit());
      assertEquals(0, lab(ProcessHandle.current().pid(), "up", live).exit());
      assertTrue(exists(dead) && exists(live));
      assertEquals(0, lab(1, "sweep").exit());
      assertFalse(exists(dead), "the killed run's testbed is gone");
      assertTrue(exists(live), "a running run's testbed stays");
    } finally {
      assertEquals(0, lab(1, "down", live).exit());
      assertEquals(0, lab(1, "down", live).exit(), "teardown twice is fine");
      lab(1, "down", dead);
    }
    assertFalse(exists(live));
  }

  /** Each array stand-in (its pid file: bmc.pid, ontap.pid) with snmpd. */
  @ParameterizedTest(name = "array_via={0}")
  @CsvSource({"redfish, bmc", "ontap, ontap"})
  void teardownStopsTheArrayStandInAndSnmpd(String via, String pidFile) throws Exception {
    String id = newId();
    try {
      Result up = lab(ProcessHandle.current().pid(), "up", id, "rate_mbit=80", "array_via=" + via, "fabric_via=snmp");
      assertEquals(0, up.exit(), up.err());
      long standin = Long.parseLong(Files.readString(Path.of("/run/hrlab", id, pidFile + ".pid")).strip());
      long snmpd = Long.parseLong(Files.readString(Path.of("/run/hrlab", id, "snmpd.pid")).strip());
      assertTrue(ProcessHandle.of(standin).isPresent() && ProcessHandle.of(snmpd).isPresent(), "both run while the testbed is up");
      assertEquals(0, lab(1, "down", id).exit());
      assertFalse(ProcessHandle.of(standin).map(ProcessHandle::isAlive).orElse(false), "the stand-in " + via + " is stopped");
      assertFalse(ProcessHandle.of(snmpd).map(ProcessHandle::isAlive).orElse(false), "snmpd is stopped");
    } finally {
      lab(1, "down", id);
    }
    assertFalse(exists(id));
  }
}
