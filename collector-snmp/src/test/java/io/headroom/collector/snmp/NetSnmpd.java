package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * net-snmp's snmpd (Debian package) in the foreground on a loopback UDP port, with a configuration
 * of this project's own and no other (-C): a read-only v2c community and v3 users with
 * authentication and privacy. It serves this machine's real IF-MIB. Skips where snmpd is absent.
 */
final class NetSnmpd implements AutoCloseable {
  static final Path SNMPD = Path.of("/usr/sbin/snmpd");
  static final String COMMUNITY = "headroom-ro";
  static final String AUTH_PASSWORD = "auth-pass-1234";
  static final String PRIV_PASSWORD = "priv-pass-5678";
  /** v3 users: name to net-snmp's createUser protocols. */
  static final Map<String, String> USERS = Map.of(
      "sha256aes128", "SHA-256 \"" + AUTH_PASSWORD + "\" AES \"" + PRIV_PASSWORD + "\"",
      "sha512aes256", "SHA-512 \"" + AUTH_PASSWORD + "\" AES-256 \"" + PRIV_PASSWORD + "\"",
      "sha256aes256c", "SHA-256 \"" + AUTH_PASSWORD + "\" AES-256-C \"" + PRIV_PASSWORD + "\"");

  private final Process process;
  private final int port;

  private NetSnmpd(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  static NetSnmpd start(Path dir) throws IOException, InterruptedException {
    assumeTrue(Files.isExecutable(SNMPD), "snmpd is not installed: apt-get install snmpd (.ci/run installs it)");
    int port = SnmpSim.freeUdpPort();
    StringBuilder conf = new StringBuilder("agentAddress udp:127.0.0.1:" + port + "\n");
    conf.append("rocommunity ").append(COMMUNITY).append(" 127.0.0.1\n");
    USERS.forEach((user, protocols) -> conf.append("createUser ").append(user).append(' ').append(protocols).append('\n'));
    USERS.keySet().forEach(user -> conf.append("rouser ").append(user).append(" priv\n"));
    Path file = dir.resolve("snmpd.conf");
    Files.writeString(file, conf);
    ProcessBuilder pb = new ProcessBuilder(List.of(SNMPD.toString(), "-f", "-C", "-c", file.toString(),
        "-Lf", dir.resolve("snmpd.log").toString()));
    pb.environment().put("SNMP_PERSISTENT_DIR", dir.resolve("persist").toString());
    pb.environment().put("MIBS", ""); // numeric OIDs only: no MIB files needed
    NetSnmpd d = new NetSnmpd(pb.redirectErrorStream(true).redirectOutput(dir.resolve("snmpd.out").toFile()).start(), port);
    d.awaitAnswer(dir);
    return d;
  }

  String agent() {
    return "127.0.0.1:" + port;
  }

  private void awaitAnswer(Path dir) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("snmpd exited with " + process.exitValue() + ": " + Files.readString(dir.resolve("snmpd.out")));
      }
      if (SnmpSim.get(port, COMMUNITY, Oids.SYS_UP_TIME.toString()) != null) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IOException("snmpd on port " + port + " did not answer within 20 s");
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
