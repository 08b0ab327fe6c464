package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.collector.prometheus.MappingFiles;
import io.headroom.collector.prometheus.PromApi;
import io.headroom.collector.prometheus.PrometheusReader;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Sample;
import io.headroom.standin.Captures;
import io.headroom.standin.MachineTest;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The if_mib mapping on real snmp_exporter data: Debian's prometheus-snmp-exporter (0.21) walks
 * snmpsim serving a real switch's walk (shared/fixtures/snmp/junos_qfx5100.snmprec, a Juniper
 * QFX5100), a real Prometheus 2.42 scrapes the exporter every second, and the import's reader
 * ({@code headroom import prometheus}'s) reads the switch's ports through the shipped if_mib
 * mapping. The walk's counters are frozen at capture; two of xe-0/0/0's are made to count on
 * from their captured values at a known rate (snmpsim's numeric variation), so its readings are
 * those rates, and every other port reads 0.
 *
 * <p>Debian cannot ship snmp_exporter's generated snmp.yml (the IETF MIBs' licence), and the
 * generator needs those MIBs, so the module is written here as the generator makes it for
 * if_mib: ifTable and ifXTable walked by ifIndex, ifAlias, ifDescr and ifName as lookups, ifType
 * an EnumAsInfo (docs/prometheus.md says what the mapping expects of it).
 */
@MachineTest("starts snmpsimd, prometheus-snmp-exporter and prometheus on loopback ports")
class SnmpExporterImportMachineTest {
  private static final Path SNMPSIMD = Path.of("/usr/bin/snmpsimd");
  private static final Path EXPORTER = Path.of("/usr/bin/prometheus-snmp-exporter");
  private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  /** xe-0/0/0 is ifIndex 513 in the walk: ifHighSpeed 10000 (Mb/s), ifHCInOctets 2912597512912, ifHCOutOctets 540219184179. */
  private static final String XE0_IN = "1.3.6.1.2.1.31.1.1.1.6.513";
  private static final String XE0_OUT = "1.3.6.1.2.1.31.1.1.1.10.513";
  /** The rates they count at from the captured values: 125,000,000 B/s (1 Gb/s) in, 62,500,000 B/s out. */
  private static final double IN_RATE = 125_000_000;
  private static final double OUT_RATE = 62_500_000;

  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();
  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void stop() throws InterruptedException {
    for (Process p : processes) {
      p.destroy();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
      }
    }
  }

  @Test
  void theSwitchsPortsReadThroughIfMibAreTheWalksPortsAtTheirRates() throws Exception {
    assumeTrue(Files.isExecutable(SNMPSIMD) && Files.isExecutable(EXPORTER) && Files.isExecutable(PROMETHEUS),
        "apt-get install snmpsim prometheus-snmp-exporter prometheus");
    Path captures = Captures.find("snmp");
    assumeTrue(captures != null, "shared/fixtures/snmp not found next to the checkout (or $HEADROOM_FIXTURES): skipped");

    Path data = Files.createDirectories(dir.resolve("data"));
    List<String> walk = new ArrayList<>();
    for (String line : Files.readAllLines(captures.resolve("junos_qfx5100.snmprec"))) {
      if (line.startsWith(XE0_IN + "|70|")) {
        line = XE0_IN + "|70:numeric|initial=2912597512912,rate=" + (long) IN_RATE;
      } else if (line.startsWith(XE0_OUT + "|70|")) {
        line = XE0_OUT + "|70:numeric|initial=540219184179,rate=" + (long) OUT_RATE;
      }
      walk.add(line);
    }
    assertEquals(2, walk.stream().filter(l -> l.contains(":numeric|")).count(), "xe-0/0/0's two counter rows");
    Files.write(data.resolve("qfx.snmprec"), walk); // community "qfx"
    Path cache = Files.createDirectories(dir.resolve("cache"));
    for (Path p : List.of(dir, data, cache, data.resolve("qfx.snmprec"))) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxrwxrwx" : "rw-rw-rw-"));
    }
    int agent = freeUdpPort();
    List<String> sim = new ArrayList<>(List.of(SNMPSIMD.toString(), "--data-dir=" + data, "--cache-dir=" + cache,
        "--variation-modules-dir=/usr/share/snmpsim/variation", "--agent-udpv4-endpoint=127.0.0.1:" + agent));
    if ("root".equals(System.getProperty("user.name"))) {
      sim.addAll(List.of("--process-user=nobody", "--process-group=nogroup"));
    }
    start("snmpsimd", sim);

    int exporter = freePort();
    Files.writeString(dir.resolve("snmp.yml"), IF_MIB);
    start("snmp-exporter", List.of(EXPORTER.toString(), "--config.file=" + dir.resolve("snmp.yml"),
        "--web.listen-address=127.0.0.1:" + exporter));
    int prometheus = freePort();
    // the target is the agent; its instance label is the testbed's name for the switch, qfx1
    Files.writeString(dir.resolve("prometheus.yml"), """
        global:
          scrape_interval: 1s
        scrape_configs:
          - job_name: snmp
            metrics_path: /snmp
            params: {module: [if_mib]}
            static_configs:
              - targets: ['127.0.0.1:%d']
            relabel_configs:
              - {source_labels: [__address__], target_label: __param_target}
              - {target_label: instance, replacement: qfx1}
              - {target_label: __address__, replacement: '127.0.0.1:%d'}
        """.formatted(agent, exporter));
    start("prometheus", List.of(PROMETHEUS.toString(), "--config.file=" + dir.resolve("prometheus.yml"),
        "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + prometheus));
    URI url = URI.create("http://127.0.0.1:" + prometheus);
    double start = System.currentTimeMillis() / 1000.0;
    awaitScrapes(url, 12);
    double end = System.currentTimeMillis() / 1000.0;

    PrometheusReader.Result result;
    try (PromApi api = new PromApi(RemoteHttpClient.builder(RemoteEndpoint.of(url).withPlaintext(true),
        Credentials.NONE).build(), Credentials.NONE)) {
      result = new PrometheusReader(api, MappingFiles.load(null), PrometheusReader.Settings.DEFAULTS).read(start, end);
    }
    assertEquals(1.0, result.steps().get("if_mib"), 0.05, "if_mib read at the 1 s scrape interval");

    Map<String, Entity> ports = new TreeMap<>();
    Map<String, List<Sample>> samples = new TreeMap<>();
    for (RecordingRecord r : result.records()) {
      if (r instanceof Entity e && e.kind().equals("net_port")) {
        ports.put(e.id(), e);
      } else if (r instanceof Sample s) {
        samples.computeIfAbsent(s.entity() + " " + s.metric(), k -> new ArrayList<>()).add(s);
      }
    }
    // The walk's 14 ifType 6 (ethernetCsmacd) rows are the ports; em0, em1 and bme0 have ifHighSpeed 0,
    // so no ceiling, and each is said
    assertEquals(List.of("qfx1/port/bme0", "qfx1/port/bme1", "qfx1/port/em0", "qfx1/port/em1", "qfx1/port/em2",
        "qfx1/port/ge-0/0/45", "qfx1/port/ge-0/0/46", "qfx1/port/ge-0/0/47", "qfx1/port/xe-0/0/0",
        "qfx1/port/xe-0/0/1", "qfx1/port/xe-0/0/2", "qfx1/port/xe-0/0/3", "qfx1/port/xe-0/0/4",
        "qfx1/port/xe-0/0/5"), List.copyOf(ports.keySet()), result.problems().toString());
    assertEquals(List.of("qfx1/port/bme0", "qfx1/port/em0", "qfx1/port/em1"), result.problems().stream()
        .filter(p -> p.contains(": no ceiling")).map(p -> p.substring(0, p.indexOf(':'))).sorted().toList());
    Entity xe0 = ports.get("qfx1/port/xe-0/0/0");
    assertEquals(10_000 * 1e6, ((Number) xe0.attrs().get("speed_bps")).doubleValue(), "ifHighSpeed 10000 Mb/s");
    assertEquals(1e9, ((Number) ports.get("qfx1/port/ge-0/0/45").attrs().get("speed_bps")).doubleValue());

    // xe-0/0/0 counts at the rates set. A reading is irate: the counter's rise between two SNMP
    // replies over the time between the two scrapes' timestamps; each reply lags its scrape's
    // timestamp by the exporter's walk (tens of milliseconds, more on a loaded machine), so one
    // reading is off by the change in that lag over its 1 s interval (seen: up to 10%). Over the
    // readings the lags cancel (the rises add up to the rate times the time between the first
    // reply and the last): their mean is the rate to within 2%, and none is off by a quarter.
    List<Sample> rx = samples.get("qfx1/port/xe-0/0/0 rx_bytes_per_s");
    List<Sample> tx = samples.get("qfx1/port/xe-0/0/0 tx_bytes_per_s");
    System.out.println("xe-0/0/0 rx " + rx.stream().map(s -> String.format("%.0f", s.value()))
        .collect(Collectors.joining(" ")) + "; tx " + tx.stream().map(s -> String.format("%.0f", s.value()))
        .collect(Collectors.joining(" ")) + "; problems " + result.problems());
    assertTrue(rx.size() >= 8 && tx.size() >= 8, "readings of xe-0/0/0: " + rx.size() + ", " + tx.size());
    assertEquals(IN_RATE, rx.stream().mapToDouble(Sample::value).average().orElseThrow(), IN_RATE * 0.02);
    assertEquals(OUT_RATE, tx.stream().mapToDouble(Sample::value).average().orElseThrow(), OUT_RATE * 0.02);
    for (Sample s : rx) {
      assertEquals(IN_RATE, s.value(), IN_RATE * 0.25, "rx at " + s.ts());
    }
    for (Sample s : tx) {
      assertEquals(OUT_RATE, s.value(), OUT_RATE * 0.25, "tx at " + s.ts());
    }
    // every other port's counters are frozen as captured: 0 bytes a second, 0 errors
    for (Map.Entry<String, List<Sample>> e : samples.entrySet()) {
      if (!e.getKey().startsWith("qfx1/port/xe-0/0/0 ")) {
        assertEquals(List.of(0.0), e.getValue().stream().map(Sample::value).distinct().toList(), e.getKey());
      }
    }
    assertEquals(List.of(0.0), samples.get("qfx1/port/xe-0/0/0 errors_per_s").stream().map(Sample::value).distinct()
        .toList());
  }

  private void start(String name, List<String> command) throws IOException {
    processes.add(new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".log").toFile()).start());
  }

  /** Until Prometheus holds {@code n} scrapes of the switch's sysUpTime, at most 60 s. */
  private void awaitScrapes(URI url, int n) throws IOException, InterruptedException {
    URI query = url.resolve("/api/v1/query?query=count_over_time(sysUpTime%5B1m%5D)");
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IOException("exited: " + p.info().commandLine().orElse("?") + "; logs in " + dir);
        }
      }
      try {
        String body = http.send(HttpRequest.newBuilder(query).build(), HttpResponse.BodyHandlers.ofString()).body();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"value\":\\[[0-9.]+,\"([0-9]+)\"\\]").matcher(body);
        if (m.find() && Integer.parseInt(m.group(1)) >= n) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(200);
    }
    throw new IOException("prometheus had not scraped the switch " + n + " times in 60 s; logs in " + dir);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static int freeUdpPort() throws IOException {
    try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** An ifIndex-indexed column with the three lookups the if_mib module gives every interface series. */
  private static String column(String name, String oid, String type) {
    return """
          - name: %s
            oid: %s
            type: %s
            indexes:
            - {labelname: ifIndex, type: gauge}
            lookups:
            - {labels: [ifIndex], labelname: ifAlias, oid: 1.3.6.1.2.1.31.1.1.1.18, type: DisplayString}
            - {labels: [ifIndex], labelname: ifDescr, oid: 1.3.6.1.2.1.2.2.1.2, type: DisplayString}
            - {labels: [ifIndex], labelname: ifName, oid: 1.3.6.1.2.1.31.1.1.1.1, type: DisplayString}
        """.formatted(name, oid, type);
  }

  /** snmp_exporter 0.21's configuration format, the if_mib module's walk and the series the mapping reads. */
  private static final String IF_MIB = """
      if_mib:
        walk:
        - 1.3.6.1.2.1.2
        - 1.3.6.1.2.1.31.1.1
        get:
        - 1.3.6.1.2.1.1.3.0
        metrics:
        - {name: sysUpTime, oid: 1.3.6.1.2.1.1.3, type: gauge}
      """
      + column("ifInDiscards", "1.3.6.1.2.1.2.2.1.13", "counter")
      + column("ifInErrors", "1.3.6.1.2.1.2.2.1.14", "counter")
      + column("ifOutDiscards", "1.3.6.1.2.1.2.2.1.19", "counter")
      + column("ifOutErrors", "1.3.6.1.2.1.2.2.1.20", "counter")
      + column("ifHCInOctets", "1.3.6.1.2.1.31.1.1.1.6", "counter")
      + column("ifHCOutOctets", "1.3.6.1.2.1.31.1.1.1.10", "counter")
      + column("ifHighSpeed", "1.3.6.1.2.1.31.1.1.1.15", "gauge")
      + column("ifType", "1.3.6.1.2.1.2.2.1.3", "EnumAsInfo")
      + """
          enum_values: {1: other, 6: ethernetCsmacd, 24: softwareLoopback, 53: propVirtual, 131: tunnel, 150: mplsTunnel}
        version: 2
        auth:
          community: qfx
      """;
}
