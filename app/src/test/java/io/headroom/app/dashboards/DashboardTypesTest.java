package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every dashboard type-checks against Grafana's published dashboard types (npm @grafana/schema,
 * dashboards/typecheck): each JSON model becomes a TypeScript constant of type HeadroomDashboard
 * and tsc compiles them, so an unknown key, a missing required key or a value of the wrong type
 * fails. Needs node and npm; without them it is skipped, saying so. The npm packages are installed
 * once per package-lock.json into ~/.cache/headroom/grafana-typecheck/, outside the repository.
 */
class DashboardTypesTest {
  private static final Path TYPECHECK = DashboardModel.repoRoot().resolve("dashboards/typecheck");
  /** A copy of one real dashboard with a misspelt key, which the check must refuse. */
  private static final String PROBE = "probe_misspelt_key";

  @Test
  void everyDashboardHasGrafanasPublishedDashboardType() throws Exception {
    Assumptions.assumeTrue(Programs.onPath("node") && Programs.onPath("npm"),
        "SKIPPED: node and npm are not on PATH, so dashboards/json is not type-checked against @grafana/schema "
            + "(install nodejs and npm to run this check)");
    Path cache = installedPackages();
    Path run = Files.createTempDirectory(cache, "run-");
    try {
      Files.copy(TYPECHECK.resolve("tsconfig.json"), run.resolve("tsconfig.json"));
      Files.copy(TYPECHECK.resolve("headroom-dashboard.ts"), run.resolve("headroom-dashboard.ts"));
      Path generated = Files.createDirectory(run.resolve("generated"));
      List<String> names = new ArrayList<>();
      for (DashboardModel d : DashboardModel.all()) {
        Path json = DashboardModel.repoRoot().resolve(d.file);
        String name = json.getFileName().toString().replace(".json", "").replace('-', '_');
        names.add(name);
        writeConstant(generated, name, Files.readString(json));
      }
      String probe = Files.readString(DashboardModel.repoRoot().resolve(DashboardModel.all().get(0).file));
      writeConstant(generated, PROBE, probe.replaceFirst("\"schemaVersion\"", "\"schemaVerson\""));

      Programs.Result tsc = Programs.exec(cache, 300, "node", cache.resolve("node_modules/typescript/bin/tsc").toString(),
          "-p", run.resolve("tsconfig.json").toString());
      List<String> errors = tsc.output().lines().filter(l -> l.contains("error TS")).toList();
      // The probe proves the check can fail: its one misspelt key, and nothing else anywhere.
      assertEquals(1, errors.size(), "tsc found, for " + names + " and the probe:\n" + tsc.output());
      assertTrue(errors.get(0).contains("/generated/" + PROBE + ".ts(") && errors.get(0).contains("'\"schemaVerson\"'"),
          errors.get(0));
    } finally {
      Programs.deleteTree(run);
    }
  }

  private static void writeConstant(Path dir, String name, String json) throws IOException {
    Files.writeString(dir.resolve(name + ".ts"), "import type { HeadroomDashboard } from '../headroom-dashboard';\n"
        + "export const " + name + ": HeadroomDashboard = " + json.strip() + ";\n");
  }

  /** node_modules for this package-lock.json, installed with `npm ci` on first use. */
  private static Path installedPackages() throws Exception {
    byte[] lock = Files.readAllBytes(TYPECHECK.resolve("package-lock.json"));
    String key = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(lock)).substring(0, 16);
    Path cache = Path.of(System.getProperty("user.home"), ".cache", "headroom", "grafana-typecheck", key);
    if (!Files.isRegularFile(cache.resolve("node_modules/typescript/bin/tsc"))) {
      Files.createDirectories(cache);
      Files.copy(TYPECHECK.resolve("package.json"), cache.resolve("package.json"), StandardCopyOption.REPLACE_EXISTING);
      Files.copy(TYPECHECK.resolve("package-lock.json"), cache.resolve("package-lock.json"),
          StandardCopyOption.REPLACE_EXISTING);
      Programs.Result ci = Programs.exec(cache, 600, "npm", "ci", "--no-audit", "--no-fund");
      assertEquals(0, ci.exit(), "npm ci in " + cache + " (needs the npm registry once):\n" + ci.output());
    }
    return cache;
  }
}
