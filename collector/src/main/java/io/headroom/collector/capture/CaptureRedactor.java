package io.headroom.collector.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes what identifies a device or its owner out of a capture before it leaves the site: serial
 * and part numbers, UUIDs, IP and MAC addresses become placeholders, and secrets are never
 * written. A placeholder is stable (one value, one placeholder, wherever it appears, paths
 * included), so links between resources still resolve and the served capture reads as the device
 * did. Two passes: {@link #learn} every body first, then {@link #redact} each one.
 *
 * <p>With keepSerials the identifiers stay; secrets go either way.
 */
public final class CaptureRedactor {
  /** Keys whose value identifies the hardware, lower case without '_' (Redfish, PowerStore and ONTAP spellings). */
  private static final Set<String> IDENTIFIER_KEYS = Set.of("serialnumber", "serial", "partnumber", "sparepartnumber",
      "uuid", "sku", "servicetag", "assettag", "systemserialnumber", "wwn", "wwpn", "wwnn", "durableid");
  /** Keys whose value is an address: only there is a dotted quad an IP (elsewhere "7.10.30.00" is a firmware). */
  private static final Pattern ADDRESS_KEY = Pattern.compile("(?i).*(address|^ip|gateway|dns|ntp|hostname|fqdn).*");
  private static final Pattern SECRET_KEY = Pattern.compile("(?i).*(password|token|secret|community|passphrase).*");
  private static final Pattern MAC = Pattern.compile("\\b([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}\\b");
  private static final Pattern IPV4 = Pattern.compile("\\b(\\d{1,3}\\.){3}\\d{1,3}\\b");
  private static final Pattern UUID = Pattern.compile("[0-9A-Fa-f]{8}-([0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}");
  /** Shorter values are replaced only where they stand whole: "A1" inside other text is no serial. */
  private static final int MIN_SUBSTRING = 6;
  static final String SECRET = "REDACTED";

  private final boolean keepSerials;
  private final Map<String, String> replacements = new LinkedHashMap<>();
  private int serials;
  private int uuids;
  private int ips;
  private int macs;
  /** The remembered values long enough to replace inside other text, longest first; made once learning is over. */
  private java.util.List<String> substrings;

  public CaptureRedactor(boolean keepSerials) {
    this.keepSerials = keepSerials;
  }

  /** Pass 1: remembers the identifiers in this body. */
  public void learn(JsonNode body) {
    if (!keepSerials) {
      learn(null, body);
    }
  }

  /** Pass 2: a copy of the body with every remembered identifier replaced and every secret gone. */
  public JsonNode redact(JsonNode body) {
    return redactNode(null, body.deepCopy());
  }

  /** A request path with the identifiers it carries replaced the same way as in the bodies. */
  public String redactPath(String path) {
    return replaceIn(path);
  }

  private void learn(String key, JsonNode node) {
    if (node.isObject()) {
      node.fields().forEachRemaining(e -> learn(e.getKey(), e.getValue()));
    } else if (node.isArray()) {
      node.forEach(n -> learn(key, n));
    } else if (node.isTextual() && !node.asText().isBlank()) {
      learnValue(key, node.asText());
    }
  }

  private void learnValue(String key, String value) {
    String k = key == null ? "" : key.toLowerCase(Locale.ROOT).replace("_", "");
    if (IDENTIFIER_KEYS.contains(k)) {
      replacements.computeIfAbsent(value, v -> UUID.matcher(v).matches()
          ? String.format("00000000-0000-4000-8000-%012d", ++uuids) : "SERIAL" + ++serials);
    }
    Matcher mac = MAC.matcher(value);
    while (mac.find()) {
      replacements.computeIfAbsent(mac.group(), v -> String.format("02:00:00:00:%02x:%02x", ++macs / 256, macs % 256));
    }
    if (key != null && ADDRESS_KEY.matcher(key).matches()) {
      Matcher ip = IPV4.matcher(value);
      while (ip.find()) {
        // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): still an address, never anyone's
        replacements.computeIfAbsent(ip.group(), v -> "192.0.2." + (++ips % 254 + 1));
      }
    }
  }

  private JsonNode redactNode(String key, JsonNode node) {
    if (node.isObject()) {
      ObjectNode o = (ObjectNode) node;
      Map<String, JsonNode> renamed = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        renamed.put(replaceIn(e.getKey()), redactNode(e.getKey(), e.getValue()));
      }
      o.removeAll();
      renamed.forEach(o::set);
      return o;
    }
    if (node.isArray()) {
      ArrayNode a = (ArrayNode) node;
      for (int i = 0; i < a.size(); i++) {
        a.set(i, redactNode(key, a.get(i)));
      }
      return a;
    }
    if (key != null && SECRET_KEY.matcher(key).matches() && !node.isNull() && !node.isBoolean()) {
      return TextNode.valueOf(SECRET);
    }
    return node.isTextual() ? TextNode.valueOf(replaceIn(node.asText())) : node;
  }

  private String replaceIn(String text) {
    String whole = replacements.get(text);
    if (whole != null) {
      return whole;
    }
    if (substrings == null) {
      // longest first, so that a serial inside a longer one is not replaced halfway
      substrings = replacements.keySet().stream().filter(v -> v.length() >= MIN_SUBSTRING)
          .sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }
    String out = text;
    for (String original : substrings) {
      if (out.contains(original)) {
        out = out.replace(original, replacements.get(original));
      }
    }
    return out;
  }
}
