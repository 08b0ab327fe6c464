package io.headroom.app.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One case of lab/cases (the same files lab/run reads): how to set the testbed up, the fio job,
 * and the verdict expected for the run and for each phase.
 *
 * @param setup lab.sh up settings ({@code rate_mbit=80})
 * @param expectRole which testbed entity the verdict must name (port, array, client, disk), or
 *     null for NONE
 * @param expectReason for NONE, the reason every NONE phase must give ({@code expect="NONE
 *     workload_concurrency"}), or null when the case does not say; null for every other class
 * @param phases expected class per phase name; empty for a one-phase case
 */
record LabCase(String name, List<String> setup, List<String> fio, String expectClass, String expectRole,
    String expectReason, Map<String, String> phases) {
  static final Path DIR = Path.of("../lab/cases");

  static LabCase load(String name) throws IOException {
    Path file = DIR.resolve(name + ".case");
    Map<String, String> kv = new LinkedHashMap<>();
    int n = 0;
    for (String line : Files.readAllLines(file)) {
      n++;
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      int eq = l.indexOf('=');
      if (eq < 1 || !l.endsWith("\"") || l.charAt(eq + 1) != '"') {
        throw new IOException(file + ": line " + n + ": expected key=\"value\", got: " + l);
      }
      kv.put(l.substring(0, eq), l.substring(eq + 2, l.length() - 1));
    }
    for (String required : List.of("setup", "fio", "expect")) {
      if (!kv.containsKey(required)) {
        throw new IOException(file + ": no " + required + "=\"...\"");
      }
    }
    String[] expect = kv.get("expect").split("\\s+");
    Map<String, String> phases = new LinkedHashMap<>();
    for (String p : words(kv.getOrDefault("phases", ""))) {
      String[] f = p.split("=", 2);
      phases.put(f[0], f[1]);
    }
    // "CLASS ROLE", or "NONE [REASON]": NONE names no entity, its second word is why
    String second = expect.length > 1 ? expect[1] : null;
    boolean none = expect[0].equals("NONE");
    return new LabCase(name, words(kv.get("setup")), words(kv.get("fio")), expect[0], none ? null : second,
        none ? second : null, phases);
  }

  private static List<String> words(String s) {
    return s.isBlank() ? List.of() : Arrays.asList(s.strip().split("\\s+"));
  }
}
