package io.headroom.collector.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs a small command for a test oracle (findmnt, stat, losetup): an answer not from our code. */
final class Shell {
  private Shell() {}

  /** stdout, trimmed; null when the command fails or is missing. */
  static String out(String... command) {
    try {
      Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(false).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      p.getErrorStream().readAllBytes();
      return p.waitFor() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
