package io.headroom.standin.lab;

import io.headroom.cgroup.CgroupCpu;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lab's live stand-ins as a process (lab/remote.sh starts it):
 * {@code idrac|ontap --cgroup PATH --password-file FILE --pem FILE [--user NAME] [--cgroup-root DIR]
 * [--bind ADDR] [--port N]}: the array node's BMC ({@link CgroupIdrac}, user root by default) or
 * its ONTAP cluster ({@link CgroupOntap}, user admin). Serves HTTPS with a certificate made at start, writes the
 * certificate's PEM to FILE, prints {@code url=...} and {@code sha256=...} lines, then serves
 * until killed or until the cgroup is gone. The password is read from the file, never taken on
 * the command line (where {@code ps} would show it).
 */
public final class LabStandinMain {
  private static final String USAGE = "usage: lab-standin idrac|ontap --cgroup PATH --password-file FILE --pem FILE"
      + " [--user NAME] [--cgroup-root DIR] [--bind ADDR] [--port N]";
  private static final List<String> REQUIRED = List.of("--cgroup", "--password-file", "--pem");

  private LabStandinMain() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = options(args);
    Path cgroupRoot = Path.of(opts.getOrDefault("--cgroup-root", "/sys/fs/cgroup"));
    CgroupCpu cgroup = CgroupCpu.at(cgroupRoot, opts.get("--cgroup"), Runtime.getRuntime().availableProcessors());
    String password = Files.readString(Path.of(opts.get("--password-file"))).strip();
    if (password.isEmpty()) {
      fail(opts.get("--password-file") + " is empty");
    }
    StandinServer server = StandinServer.builder()
        .bind(InetAddress.getByName(opts.getOrDefault("--bind", "127.0.0.1")))
        .port(Integer.parseInt(opts.getOrDefault("--port", "0")))
        .threads(4)
        .tls()
        .start();
    AutoCloseable feed = serve(args[0], server, cgroup, opts.get("--user"), password);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      closeQuietly(feed);
    }));
    Files.writeString(Path.of(opts.get("--pem")), server.certificate().pem());
    System.out.println("url=" + server.baseUri());
    System.out.println("sha256=" + server.certificate().sha256Fingerprint());
    System.out.flush();
    // The lab removes the cgroup at teardown: a stand-in whose node is gone has nothing to report
    // and exits, so a testbed swept without its state (the pid file) leaves no stand-in behind.
    while (cgroup.exists()) {
      Thread.sleep(1000);
    }
    System.err.println("lab-standin: cgroup " + opts.get("--cgroup") + " is gone; exiting");
    System.exit(0);
  }

  /** The node's stand-in of this mode on the server; returns what feeds it, to close at exit. */
  private static AutoCloseable serve(String mode, StandinServer server, CgroupCpu cgroup, String user, String password)
      throws IOException {
    if (mode.equals("ontap")) {
      CgroupOntap.serve(server, NodeCpuCounters.start(cgroup), user == null ? "admin" : user, password);
      return () -> { }; // read from the kernel at each request: nothing runs between them
    }
    CpuShareSampler sampler = CpuShareSampler.start(cgroup, Duration.ofSeconds(1));
    CgroupIdrac.serve(server, sampler::share, user == null ? "root" : user, password);
    return sampler;
  }

  private static Map<String, String> options(String[] args) {
    if (args.length == 0 || !List.of("idrac", "ontap").contains(args[0])) {
      fail("unknown stand-in" + (args.length == 0 ? "" : " \"" + args[0] + "\""));
    }
    Map<String, String> opts = new LinkedHashMap<>();
    for (int i = 1; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        fail("option " + args[i] + " needs a value");
      }
      opts.put(args[i], args[i + 1]);
    }
    for (String r : REQUIRED) {
      if (!opts.containsKey(r)) {
        fail(r + " is required");
      }
    }
    return opts;
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      System.err.println("lab-standin: closing: " + e.getMessage());
    }
  }

  private static void fail(String why) {
    System.err.println("lab-standin: " + why + "\n" + USAGE);
    System.exit(2);
  }
}
