package io.headroom.collector.prometheus;

import io.headroom.collector.source.IdPart;
import java.util.Map;

/**
 * A mapping's id or name template: "{host}/disk/{device}", each {label} a series' label, {host} the
 * host's name; "{ifName|id}" percent-encodes what an id may not hold, as the SNMP source does
 * (source.IdPart), so both name one port alike.
 */
final class Template {
  private Template() {}

  /** The template filled in; throws naming the first label the series lacks. */
  static String fill(String template, String host, Map<String, String> labels) {
    StringBuilder out = new StringBuilder(template.length() + 16);
    int i = 0;
    while (i < template.length()) {
      int open = template.indexOf('{', i);
      if (open < 0) {
        out.append(template, i, template.length());
        break;
      }
      int close = template.indexOf('}', open);
      if (close < 0) {
        throw new IllegalArgumentException("template " + template + ": '{' without '}'");
      }
      out.append(template, i, open);
      String label = template.substring(open + 1, close);
      boolean idPart = label.endsWith("|id");
      label = idPart ? label.substring(0, label.length() - 3) : label;
      String value = label.equals("host") ? host : labels.get(label);
      if (value == null) {
        throw new IllegalArgumentException("the series has no label " + label + " (" + template + ")");
      }
      out.append(idPart ? IdPart.of(value) : value);
      i = close + 1;
    }
    return out.toString();
  }
}
