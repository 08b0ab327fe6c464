package io.headroom.collector.snmp;

import java.nio.charset.StandardCharsets;

/**
 * A name from the agent (ifName, ifDescr, an LLDP neighbour's sysName or port) made fit for an
 * entity id. Ids are keys: on Kafka ('|' separates key parts, the analyzer refuses it), in SQL, in
 * URLs of the API and in the evidence a person reads. So an id part holds only letters, digits and
 * {@code . _ : / -} (the characters real port names use: {@code Ethernet1/49}, {@code xe-0/0/0},
 * {@code fc1/1}, {@code 1:1}); every other byte of the name's UTF-8 is percent-encoded, '%' too, so
 * two names never meet in one id and the name can be read back ({@code FC port 0/0} becomes
 * {@code FC%20port%200/0}, {@code <private>} {@code %3Cprivate%3E}). The name itself is kept
 * whole in the entity's {@code name}.
 */
final class IdPart {
  private IdPart() {}

  static String of(String name) {
    StringBuilder out = new StringBuilder(name.length());
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (allowed(c)) {
        out.append((char) c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return out.toString();
  }

  private static boolean allowed(int c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
        || c == '.' || c == '_' || c == ':' || c == '/' || c == '-';
  }
}
