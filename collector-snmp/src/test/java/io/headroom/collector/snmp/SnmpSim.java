package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.snmp4j.CommandResponder;
import org.snmp4j.CommunityTarget;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.PDU;
import org.snmp4j.Snmp;
import org.snmp4j.event.ResponseEvent;
import org.snmp4j.mp.MPv2c;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.smi.VariableBinding;
import org.snmp4j.transport.DefaultUdpTransportMapping;

/**
 * Debian's snmpsimd on a loopback UDP port, serving a directory of recordings (community = file
 * name without .snmprec), started and stopped by the test. Skips the test where snmpsim is not
 * installed. Run as root, it drops to nobody, so its files are made world-readable.
 */
final class SnmpSim implements AutoCloseable {
  static final Path SNMPSIMD = Path.of("/usr/bin/snmpsimd");

  private final int port;
  private final Path cacheDir;
  private Process process;

  private SnmpSim(int port, Path cacheDir) {
    this.port = port;
    this.cacheDir = cacheDir;
  }

  static void assumeInstalled() {
    assumeTrue(Files.isExecutable(SNMPSIMD),
        "snmpsimd is not installed: apt-get install snmpsim (.ci/run installs it)");
  }

  /** Serves {@code dataDir}; returns once {@code community} answers. */
  static SnmpSim start(Path dataDir, String community) throws IOException, InterruptedException {
    assumeInstalled();
    Path cache = Files.createTempDirectory("snmpsim-cache");
    openUp(cache);
    SnmpSim sim = new SnmpSim(freeUdpPort(), cache);
    sim.serve(dataDir, community);
    return sim;
  }

  int port() {
    return port;
  }

  String agent() {
    return "127.0.0.1:" + port;
  }

  /** Stops the agent and starts it again on the same port serving {@code dataDir}: an agent restart. */
  void restart(Path dataDir, String community) throws IOException, InterruptedException {
    stop();
    serve(dataDir, community);
  }

  private void serve(Path dataDir, String community) throws IOException, InterruptedException {
    openUp(dataDir);
    List<String> cmd = new ArrayList<>(List.of(SNMPSIMD.toString(), "--data-dir=" + dataDir, "--cache-dir=" + cacheDir,
        "--variation-modules-dir=" + variationModules(), "--agent-udpv4-endpoint=127.0.0.1:" + port,
        "--logging-method=null"));
    if ("root".equals(System.getProperty("user.name"))) {
      cmd.add("--process-user=nobody");
      cmd.add("--process-group=nogroup");
    }
    process = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    awaitAnswer(community);
  }

  private void awaitAnswer(String community) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("snmpsimd exited with " + process.exitValue());
      }
      if (get(community, Oids.SYS_UP_TIME.toString()) != null) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IOException("snmpsimd on port " + port + " did not answer within 30 s");
  }

  /** One value as the agent gives it now (v2c GET), or null without an answer. */
  Long get(String community, String oid) throws IOException {
    return get(port, community, oid);
  }

  /** One value of the agent on 127.0.0.1:{@code port} (v2c GET), or null without an answer. */
  static Long get(int port, String community, String oid) throws IOException {
    try (Snmp snmp = new Snmp(new DefaultUdpTransportMapping())) {
      snmp.listen();
      CommunityTarget<UdpAddress> target = new CommunityTarget<>(
          new UdpAddress(InetAddress.getLoopbackAddress(), port), new OctetString(community));
      target.setVersion(SnmpConstants.version2c);
      target.setTimeout(300);
      target.setRetries(0);
      PDU get = new PDU();
      get.add(new VariableBinding(new org.snmp4j.smi.OID(oid)));
      ResponseEvent<UdpAddress> e = snmp.send(get, target);
      return e.getResponse() == null ? null : e.getResponse().get(0).getVariable().toLong();
    }
  }

  private void stop() throws InterruptedException {
    if (process != null) {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }

  static int freeUdpPort() throws IOException {
    try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** A v2c command responder listening on a loopback UDP port: the in-JVM agents' and proxies' end. */
  static Snmp v2cResponder(int port, CommandResponder responder) throws IOException {
    MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
    dispatcher.addMessageProcessingModel(new MPv2c());
    Snmp snmp = new Snmp(dispatcher, new DefaultUdpTransportMapping(new UdpAddress(InetAddress.getLoopbackAddress(), port)));
    snmp.addCommandResponder(responder);
    snmp.listen();
    return snmp;
  }

  private static Path variationModules() {
    try {
      return Path.of(SnmpSim.class.getResource("/snmp/variation/octets64.py").toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * snmpsimd runs as nobody: it must reach and read the recordings and write its cache. Only
   * directories under the temporary directory are opened up (a test's @TempDir is private to its
   * user); never another one (the shared captures are readable by all already).
   */
  private static void openUp(Path dir) throws IOException {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    Path abs = dir.toAbsolutePath();
    if (!abs.startsWith(tmp)) {
      return;
    }
    for (Path p = abs; p != null && !p.equals(tmp); p = p.getParent()) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxrwxrwx"));
    }
    try (var files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(f)) {
          Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw-rw-"));
        }
      }
    }
  }
}
