package io.headroom.app.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * One lab testbed, built and torn down by lab/lab.sh (the script a person runs too). Its id is
 * random, so a rerun never meets a leftover; lab.sh records this JVM as its owner, so a later
 * sweep removes it if this JVM is killed before {@link #close}. A shutdown hook covers SIGTERM.
 */
final class LabTestbed implements AutoCloseable {
  static final Path SCRIPT = Path.of("../lab/lab.sh").toAbsolutePath().normalize();
  final String id;
  final Map<String, String> info;
  private final Thread hook;

  private LabTestbed(String id, Map<String, String> info) {
    this.id = id;
    this.info = info;
    this.hook = new Thread(this::down, "lab-teardown-" + id);
    Runtime.getRuntime().addShutdownHook(hook);
  }

  static LabTestbed up(List<String> setup) throws IOException, InterruptedException {
    String id = HexFormat.of().toHexDigits((byte) ThreadLocalRandom.current().nextInt())
        + HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
    List<String> cmd = new ArrayList<>(List.of(SCRIPT.toString(), "up", id));
    cmd.addAll(setup);
    String out;
    try {
      out = run(cmd);
    } catch (IOException e) {
      run(List.of(SCRIPT.toString(), "down", id)); // what was built before the failure
      throw e;
    }
    Map<String, String> info = new LinkedHashMap<>();
    for (String line : out.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        info.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return new LabTestbed(id, info);
  }

  /**
   * Why the lab cannot run on this machine, or null when it can: it needs root, and cgroups it
   * can limit CPU and I/O with (v1's cpu, cpuacct and blkio, or v2's cpu and io; lab.sh says which
   * it found, or why neither).
   */
  static String cannotRunHere() throws IOException, InterruptedException {
    String user = System.getProperty("user.name");
    if (!"root".equals(user)) {
      return "skipped: the lab needs root (netns, tc, cgroups, loop devices); running as " + user;
    }
    Process p = new ProcessBuilder(SCRIPT.toString(), "cgroups").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String why = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
    return p.waitFor() == 0 ? null : "skipped: the lab cannot limit CPU and I/O here: " + why;
  }

  /** Removes testbeds of earlier runs whose owner is gone. */
  static void sweep() throws IOException, InterruptedException {
    run(List.of(SCRIPT.toString(), "sweep"));
  }

  String get(String key) {
    String v = info.get(key);
    if (v == null) {
      throw new IllegalStateException("lab.sh up printed no " + key + "; it printed " + info);
    }
    return v;
  }

  Path testbedFile() {
    return Path.of(get("testbed"));
  }

  /** The entity a case's expected role names: port, array, client, disk. */
  String entity(String role) {
    return get(role + "_entity");
  }

  /** A script that runs fio inside the client's cgroup (FioRunner starts it in place of fio). */
  Path fioWrapper(Path dir) throws IOException {
    Path wrapper = dir.resolve("fio-in-client-" + id);
    Files.writeString(wrapper, "#!/bin/sh\nexec '" + SCRIPT + "' enter-cgroup " + id + " client fio \"$@\"\n");
    wrapper.toFile().setExecutable(true);
    return wrapper;
  }

  @Override
  public void close() {
    down();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or ran: nothing to remove
    }
  }

  private void down() {
    try {
      run(List.of(SCRIPT.toString(), "down", id));
    } catch (IOException | InterruptedException e) {
      System.err.println("lab testbed " + id + " teardown: " + e.getMessage() + " (lab.sh sweep will remove it)");
    }
  }

  private static String run(List<String> cmd) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("LAB_OWNER", Long.toString(ProcessHandle.current().pid()));
    // the live stand-ins (lab/remote.sh) run on this JVM's classes: the standin module is on the test classpath
    pb.environment().put("LAB_STANDIN_CP", System.getProperty("java.class.path"));
    Path err = Files.createTempFile("hrlab", ".err");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", cmd) + ": timed out");
    }
    String stderr = Files.readString(err).strip();
    Files.delete(err);
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + ": exit " + p.exitValue() + ": " + stderr);
    }
    return out;
  }
}
