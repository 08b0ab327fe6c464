package io.headroom.collector.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.SMIConstants;
import org.snmp4j.smi.Variable;

/**
 * An agent's answers as one snmpsim .snmprec file: {@code OID|TYPE|VALUE} a line, in OID order,
 * TYPE the ASN.1 tag (2 INTEGER, 4 OCTET STRING or 4x in hex when not printable, 6 OID, 64
 * IpAddress, 65 Counter32, 66 Gauge32, 67 TimeTicks, 70 Counter64). Redacted unless keepSerials:
 * IpAddress values become 192.0.2.x (TEST-NET-1), MAC addresses (ifPhysAddress, LLDP chassis ids)
 * 02:00:00:00:xx:xx, entPhysicalSerialNum SERIALn, each stable across the file.
 */
final class SnmprecWriter {
  /** The file's name: snmpsim serves it to the community "capture". */
  static final String FILE = "capture.snmprec";
  private static final List<String> MAC_COLUMNS = List.of("1.3.6.1.2.1.2.2.1.6.", "1.0.8802.1.1.2.1.4.1.1.5.",
      "1.0.8802.1.1.2.1.3.2.");
  private static final String SERIAL_COLUMN = "1.3.6.1.2.1.47.1.1.1.1.11.";

  private final boolean keepSerials;
  private final Map<String, String> placeholders = new LinkedHashMap<>();
  private int ips;
  private int macs;
  private int serials;

  SnmprecWriter(boolean keepSerials) {
    this.keepSerials = keepSerials;
  }

  /** Writes the file and returns its name; a value of a syntax without a tag above (Opaque) is left out. */
  String write(Map<OID, Variable> values, Path out) throws IOException {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<OID, Variable> e : values.entrySet()) {
      String line = line(e.getKey().toDottedString(), e.getValue());
      if (line != null) {
        s.append(line).append('\n');
      }
    }
    Files.writeString(out.resolve(FILE), s, StandardCharsets.UTF_8);
    return FILE;
  }

  private String line(String oid, Variable v) {
    int tag = v.getSyntax();
    return switch (tag) {
      case SMIConstants.SYNTAX_INTEGER, SMIConstants.SYNTAX_OBJECT_IDENTIFIER, SMIConstants.SYNTAX_COUNTER32,
          SMIConstants.SYNTAX_GAUGE32, SMIConstants.SYNTAX_COUNTER64 -> oid + "|" + tag + "|" + v;
      case SMIConstants.SYNTAX_TIMETICKS -> oid + "|" + tag + "|" + v.toLong();
      case SMIConstants.SYNTAX_IPADDRESS -> oid + "|" + tag + "|" + (keepSerials ? v.toString()
          : placeholders.computeIfAbsent("ip " + v, k -> "192.0.2." + (++ips % 254 + 1)));
      case SMIConstants.SYNTAX_OCTET_STRING -> octets(oid, (OctetString) v);
      default -> null;
    };
  }

  private String octets(String oid, OctetString v) {
    OctetString value = v;
    if (!keepSerials && v.length() == 6 && MAC_COLUMNS.stream().anyMatch(oid::startsWith)) {
      value = OctetString.fromHexString(placeholders.computeIfAbsent("mac " + v.toHexString(),
          k -> String.format("02:00:00:00:%02x:%02x", ++macs / 256, macs % 256)), ':');
    } else if (!keepSerials && oid.startsWith(SERIAL_COLUMN) && v.length() > 0) {
      value = new OctetString(placeholders.computeIfAbsent("serial " + v, k -> "SERIAL" + ++serials));
    }
    byte[] b = value.getValue();
    for (byte x : b) {
      if (x < 0x20 || x > 0x7e || x == '|') {
        return oid + "|4x|" + value.toHexString().replace(":", "");
      }
    }
    return oid + "|4|" + value;
  }
}
