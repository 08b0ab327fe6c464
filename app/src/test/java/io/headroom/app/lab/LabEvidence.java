package io.headroom.app.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads every evidence sentence of a lab verdict against what the case injected (lab/cases,
 * docs/lab.md): each figure quoted for the testbed's port, disk, array or client must agree with
 * the limit computed from the case file's settings, and the workload's own figures with fio's
 * job. A sentence naming a ceiling the testbed does not have, a limit below its ceiling, or an
 * outstanding I/O that is not the job's fails the case, with the sentence.
 *
 * <p>The ceilings are lab.sh's declarations: the port's {@code bytes_per_s} is {@code rate_mbit} x
 * 125,000 (1 Mbit/s = 10^6 bit/s / 8 bit per byte), unshaped the veth's nominal 10,000 Mbit/s; the
 * disk's spec is {@code disk_spec_iops} when the case declares one, else {@code disk_riops} IOPS,
 * and {@code disk_rbps} bytes/s, unthrottled a fast SSD's 200,000 IOPS and 2 GB/s.
 *
 * <p>What holds the limit is the injected one, which need not be the declared one: a disk declared
 * at 1,000 IOPS and throttled at 300 is full at 300, 30% of its spec (the limit's own figure is
 * then quoted at 85-115% of that share); a lossy port ({@code loss_pct}) is full while it carries
 * little, so its figure is a loss one (drops, discards, retransmits), not a share of its rate.
 */
final class LabEvidence {
  /** The limit's own figure: its p95 at 85-115% of its injected ceiling, as BottleneckLabTest asks of its row. */
  static final double LIMIT_LOW = 0.85;
  static final double LIMIT_HIGH = 1.15;
  /** cpuBusy, where the CPU rules call a CPU full (docs/detection.md). */
  static final double CPU_FULL = 0.90;
  /**
   * Nothing moves more than its ceiling lets through: a reading may pass it by the tbf burst (4 ms
   * of the rate) and one-second counter jitter, 5% at most.
   */
  static final double OVERSHOOT = 1.05;
  /**
   * fio's payload against the shaped port's counted bytes: the port also carries NBD reply
   * headers (16 bytes a 64 KiB read) and TCP/IP framing (about 3% at MTU 1500), so a port at its
   * ceiling moves at least 80% of it as payload, allowing for the p95-versus-mean gap.
   */
  static final double PAYLOAD_LOW = 0.80;

  /** A byte rate as the evidence prints it: value and decimal unit (GB/s, MB/s or kB/s). */
  private static final String RATE = "([\\d.]+) ([kMG])B/s";
  private static final Pattern LITTLE = Pattern.compile(
      "^Little's law: IOPS x mean latency = ([\\d,]+) of ([\\d,]+) outstanding I/O");
  private static final Pattern WORKLOAD = Pattern.compile(
      "^workload (?:[\\d.]+ [kMG]B/s mean \\(([\\d,]+) IOPS\\)|([\\d,]+) IOPS mean)");
  /** NONE's lead sentence: "nothing on the data path at its ceiling: tightest X ... (P% of practical". */
  private static final Pattern TIGHTEST = Pattern.compile(
      "^nothing on the data path (held )?at its ceiling: tightest (\\S+) .* \\((\\d+)% of practical");
  /** A sentence about loss: the words a drop, discard or retransmit figure is quoted with. */
  private static final Pattern LOSS = Pattern.compile("(?i)\\b(drop|discard|retransmi|loss|lost)");
  private static final Pattern SUSTAINED = Pattern.compile(
      "^sustained: (\\S+) \\S+ at its ceiling in (\\d+) of (\\d+) readings");

  private final LabCase c;
  private final Map<String, String> entities;
  private final double portBytesPerS;
  /** The disk's declared IOPS spec, and the IOPS it holds (its throttle; the spec when unthrottled). */
  private final double diskSpecIops;
  private final double diskIops;
  private final double diskBytesPerS;
  /** The fabric loses packets (loss_pct): the port's limit is its loss, not its rate. */
  private final boolean lossy;

  private LabEvidence(LabCase c, LabTestbed bed) {
    this.c = c;
    Map<String, String> settings = settings(c.setup());
    portBytesPerS = Double.parseDouble(settings.getOrDefault("rate_mbit", "10000")) * 125_000;
    diskIops = Double.parseDouble(settings.getOrDefault("disk_riops", "200000"));
    diskSpecIops = Double.parseDouble(settings.getOrDefault("disk_spec_iops", settings.getOrDefault("disk_riops", "200000")));
    lossy = settings.containsKey("loss_pct");
    diskBytesPerS = Double.parseDouble(settings.getOrDefault("disk_rbps", "2000000000"));
    entities = new LinkedHashMap<>();
    for (String role : List.of("port", "disk", "array", "client")) {
      entities.put(role, bed.entity(role));
    }
  }

  /** Checks every phase's evidence; prints it, so a CI log shows what was read. */
  static void check(LabCase c, LabTestbed bed, Verdict v) {
    LabEvidence e = new LabEvidence(c, bed);
    for (PhaseVerdict p : v.phases()) {
      System.out.println("[" + c.name() + " " + p.name() + "] " + p.bottleneck() + " " + p.entity());
      p.evidence().forEach(l -> System.out.println("    " + l));
      e.phase(p);
    }
  }

  private void phase(PhaseVerdict p) {
    String where = c.name() + " phase " + p.name() + ": ";
    LabFioJob job = LabFioJob.of(c.fio(), p.name());
    List<String> checked = new ArrayList<>();
    for (String line : p.evidence()) {
      port(where, p, line, checked);
      disk(where, p, line, checked);
      for (String role : List.of("array", "client")) {
        cpu(where, p, role, line, checked);
      }
      workload(where, p, job, line, checked);
      little(where, job, line, checked);
      sustained(where, p, line, checked);
      tightest(where, line, checked);
    }
    // a limited phase quotes its limit's own figure; every phase quotes the workload's
    String limitFigure = switch (p.bottleneck()) {
      case NETWORK -> "port";
      case DISK -> "disk";
      case ARRAY_CPU -> "array";
      case HOST_CPU -> "client";
      default -> null;
    };
    if (limitFigure != null) {
      assertTrue(checked.contains(limitFigure + " limit"), where + "no figure of the limit's own checked " + checked);
      assertTrue(checked.contains("sustained"), where + "no sustained line " + checked);
    }
    if (p.bottleneck() == Bottleneck.NONE) {
      assertTrue(checked.contains("tightest"), where + "no tightest resource named " + checked);
    }
    assertTrue(checked.contains("workload"), where + "no workload line " + checked);
    assertTrue(checked.contains("little"), where + "no Little's law line " + checked);
  }

  /** "client/net/hrIDc rx p95 9.7 MB/s = 97% of 10 MB/s": the ceiling is the tbf rate. */
  private void port(String where, PhaseVerdict p, String line, List<String> checked) {
    String id = entities.get("port");
    Matcher m = Pattern.compile(Pattern.quote(id) + " (?:tx|rx) p95 " + RATE + " = (\\d+)% of " + RATE).matcher(line);
    while (m.find()) {
      // 80 Mbit/s x 125,000 = 10,000,000 B/s, printed "10 MB/s" (to 0.1 MB/s: within 50,000 B/s)
      assertEquals(portBytesPerS, bytesPerS(m.group(4), m.group(5)), halfLastDigit(m.group(5)),
          where + "the port's ceiling is not the injected rate: " + line);
      checked.add("port");
      if (lossy && id.equals(p.entity())) {
        continue; // a lossy port is full at any share of its rate: its figure is its loss (below)
      }
      limitShare(where, p, id, Integer.parseInt(m.group(3)), 1.0, line, checked, "port");
    }
    // a lossy port's own figure: a sentence naming it with its drops, discards or retransmits
    if (lossy && id.equals(p.entity()) && line.contains(id) && LOSS.matcher(line).find()) {
      checked.add("port limit");
    }
  }

  /**
   * "lab/disk/loop0 p95 301 IOPS = 100% of its 300 IOPS spec": the spec is the declared one (the
   * blkio throttle unless disk_spec_iops says otherwise), the share the p95 over it; at its limit
   * the disk holds the throttle, throttle / spec of its spec (300 / 1,000 = 30% below spec).
   */
  private void disk(String where, PhaseVerdict p, String line, List<String> checked) {
    String id = entities.get("disk");
    Matcher iops = Pattern.compile(Pattern.quote(id) + " p95 ([\\d,]+) IOPS = (\\d+)% of its ([\\d,]+) IOPS spec")
        .matcher(line);
    while (iops.find()) {
      assertEquals(diskSpecIops, number(iops.group(3)), 0.5, where + "the disk's spec is not the declared one: " + line);
      // the share is the p95 over the spec: 301 / 300 = 100%
      assertEquals(number(iops.group(1)) / diskSpecIops * 100, Integer.parseInt(iops.group(2)), 0.5 + 1e-9, where + line);
      checked.add("disk");
      limitShare(where, p, id, Integer.parseInt(iops.group(2)), diskIops / diskSpecIops, line, checked, "disk");
    }
    Matcher bytes = Pattern.compile(Pattern.quote(id) + " p95 " + RATE + " = (\\d+)% of its " + RATE + " spec")
        .matcher(line);
    while (bytes.find()) {
      assertEquals(diskBytesPerS, bytesPerS(bytes.group(4), bytes.group(5)), halfLastDigit(bytes.group(5)),
          where + "the disk's bytes spec is not the blkio limit: " + line);
      checked.add("disk");
      limitShare(where, p, id, Integer.parseInt(bytes.group(3)), 1.0, line, checked, "disk");
    }
  }

  /** "array/cgroup/.../array util p95 0.97": util against the cgroup's quota, full from 0.90 when it is the limit. */
  private void cpu(String where, PhaseVerdict p, String role, String line, List<String> checked) {
    String id = entities.get(role);
    Matcher m = Pattern.compile(Pattern.quote(id) + " util p95 (\\d+\\.\\d\\d)").matcher(line);
    while (m.find()) {
      double util = Double.parseDouble(m.group(1));
      // a cgroup may read a little above its quota for a second (CFS accounting lag), never twice it
      assertTrue(util >= 0 && util <= 2.0, where + "util out of its domain: " + line);
      if (id.equals(p.entity())) {
        assertTrue(util >= CPU_FULL, where + "the limit's util below " + CPU_FULL + ": " + line);
        checked.add(role + " limit");
      } else if (p.bottleneck() == Bottleneck.NONE) {
        assertTrue(util < CPU_FULL, where + "NONE, yet " + line);
      }
      checked.add(role);
    }
  }

  /**
   * The workload's IOPS against what the injected limit lets through: a port-limited phase moves
   * 80-105% of the tbf rate as payload (IOPS x block size), a disk-limited one 85-105% of the
   * blkio IOPS; no phase reads faster than the port's rate or the disk's IOPS allow.
   */
  private void workload(String where, PhaseVerdict p, LabFioJob job, String line, List<String> checked) {
    Matcher m = WORKLOAD.matcher(line);
    if (!m.find()) {
      return;
    }
    double iops = number(m.group(1) != null ? m.group(1) : m.group(2));
    double payload = iops * job.blockSize();
    assertTrue(payload <= portBytesPerS * OVERSHOOT, where + iops + " IOPS x " + job.blockSize()
        + " B is more than the port's " + portBytesPerS + " B/s: " + line);
    assertTrue(iops <= diskIops * OVERSHOOT, where + "more IOPS than the disk's " + diskIops + ": " + line);
    if (entities.get("port").equals(p.entity()) && !lossy) {
      // network case: 10,000,000 B/s / 65,536 B = 152.6 IOPS at the rate; at least 80% of it
      assertTrue(payload >= portBytesPerS * PAYLOAD_LOW, where + "a port-limited phase moving " + payload
          + " B/s of the port's " + portBytesPerS + ": " + line);
    }
    if (entities.get("disk").equals(p.entity())) {
      // disk case: 300 IOPS throttle, so 255-315 IOPS
      assertTrue(iops >= diskIops * LIMIT_LOW, where + "a disk-limited phase at " + iops + " of "
          + diskIops + " IOPS: " + line);
    }
    checked.add("workload");
  }

  /** "Little's law: ... = 7 of 8 outstanding I/O": 8 is the job's numjobs x iodepth. */
  private static void little(String where, LabFioJob job, String line, List<String> checked) {
    Matcher m = LITTLE.matcher(line);
    if (m.find()) {
      assertEquals(job.outstanding(), number(m.group(2)), 0.0, where + "outstanding I/O is not fio's "
          + job + ": " + line);
      checked.add("little");
    }
  }

  /**
   * NONE's tightest is one of the testbed's port, disk, array cgroup or client CPU (the array
   * machine's own CPU, full with the machine's other work, is by design not judged: docs/lab.md),
   * and "nothing ... at its ceiling" is said of a resource below it (90% of practical), "nothing
   * held at its ceiling" of one at or past it only in bursts.
   */
  private void tightest(String where, String line, List<String> checked) {
    Matcher m = TIGHTEST.matcher(line);
    if (m.find()) {
      assertTrue(entities.containsValue(m.group(2)), where + "NONE's tightest is none of " + entities.values() + ": " + line);
      assertEquals(m.group(1) != null, Integer.parseInt(m.group(3)) >= 90, where + line);
      checked.add("tightest");
    }
  }

  /** "sustained: X tx at its ceiling in 14 of 15 readings": the limit's own entity, in at least half. */
  private static void sustained(String where, PhaseVerdict p, String line, List<String> checked) {
    Matcher m = SUSTAINED.matcher(line);
    if (m.find()) {
      assertEquals(p.entity(), m.group(1), where + line);
      assertTrue(2 * Integer.parseInt(m.group(2)) >= Integer.parseInt(m.group(3)), where + line);
      checked.add("sustained");
    }
  }

  /**
   * The phase's limit quoted at 85-115% of the share its injected limit is of the ceiling quoted
   * ({@code held}: 1 when the limit is the declared ceiling, 0.3 for a disk throttled at 300 of a
   * 1,000 IOPS spec); anything quoted under NONE below 90%.
   */
  private static void limitShare(String where, PhaseVerdict p, String id, int percent, double held, String line,
      List<String> checked, String role) {
    if (id.equals(p.entity())) {
      assertTrue(percent >= LIMIT_LOW * held * 100 && percent <= LIMIT_HIGH * held * 100,
          where + "the limit at " + percent + "% of its declared ceiling, where the injected one holds it at "
          + Math.round(held * 100) + "%: " + line);
      checked.add(role + " limit");
    } else if (p.bottleneck() == Bottleneck.NONE && percent >= 90) {
      fail(where + "NONE, yet " + line);
    }
  }

  /** "9.7", "M": bytes per second. */
  private static double bytesPerS(String value, String unit) {
    return Double.parseDouble(value) * unitBytes(unit);
  }

  /** The rounding of a printed rate: GB/s to two decimals, MB/s and kB/s to one; plus a hair for doubles. */
  private static double halfLastDigit(String unit) {
    return (unit.equals("G") ? 0.005 : 0.05) * unitBytes(unit) * (1 + 1e-9);
  }

  private static double unitBytes(String unit) {
    return switch (unit) {
      case "G" -> 1e9;
      case "M" -> 1e6;
      default -> 1e3;
    };
  }

  private static double number(String figure) {
    return Double.parseDouble(figure.replace(",", ""));
  }

  private static Map<String, String> settings(List<String> setup) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String kv : setup) {
      String[] f = kv.split("=", 2);
      out.put(f[0], f[1]);
    }
    return out;
  }
}
