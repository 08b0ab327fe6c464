package io.headroom.app.dashboards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads the repository's YAML files and finds values that would be secrets written out. */
final class Yaml {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern SECRET_KEY = Pattern.compile("(?i).*(password|secret|token).*");
  /** $VAR, ${VAR} or ${VAR:?message}: a reference to the environment, not a value. */
  private static final Pattern ENV_REF = Pattern.compile("\\$(\\{[A-Z_][A-Z0-9_]*(:?[?-][^}]*)?}|[A-Z_][A-Z0-9_]*)");

  private Yaml() {}

  static JsonNode read(String repoPath) {
    try {
      return YAML.readTree(DashboardModel.repoRoot().resolve(repoPath).toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot parse " + repoPath, e);
    }
  }

  /** Paths of keys named like a secret whose value is not an environment reference. */
  static List<String> literalSecrets(JsonNode node, String path) {
    List<String> out = new ArrayList<>();
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        String p = path + "." + f.getKey();
        JsonNode v = f.getValue();
        boolean secretKey = SECRET_KEY.matcher(f.getKey()).matches() && !f.getKey().endsWith("_env");
        if (secretKey && v.isValueNode() && !ENV_REF.matcher(v.asText()).matches()) {
          out.add(p + " = " + v.asText());
        }
        out.addAll(literalSecrets(v, p));
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        out.addAll(literalSecrets(node.get(i), path + "[" + i + "]"));
      }
    }
    return out;
  }
}
