package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading Redfish JSON the way BMCs write it: numbers as strings, nulls. A vendor's sentinel for
 * "no reading" is its profile's ({@link BmcProfile.Sensors#noReading}), never decided here.
 */
final class Json {
  private Json() {}

  /**
   * The decimal digits of a name ("CPU.Socket.2", "NIC.Slot.4") as an int; null past one (a
   * service that names a socket "CPU4340410369358234940" names no socket by it).
   */
  static Integer digits(String digits) {
    try {
      return Integer.valueOf(digits);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * A number, also when written as a string ("42.5", as telemetry MetricValue always is); null for
   * null, absent, non-numeric text, NaN and the infinities.
   */
  static Double number(JsonNode n) {
    if (n == null || n.isNull() || n.isMissingNode()) {
      return null;
    }
    double v;
    if (n.isNumber()) {
      v = n.asDouble();
    } else if (n.isTextual()) {
      try {
        v = Double.parseDouble(n.asText().trim());
      } catch (NumberFormatException e) {
        return null;
      }
    } else {
      return null;
    }
    return Double.isFinite(v) ? v : null;
  }

  /** A counter or a count (lanes, cores, sockets): a non-negative whole number, or null. */
  static Long counter(JsonNode n) {
    Double v = number(n);
    return v == null || v < 0 ? null : v.longValue();
  }

  /** Text, or null for null, absent or empty. */
  static String text(JsonNode n) {
    if (n == null || n.isNull() || n.isMissingNode() || !n.isValueNode()) {
      return null;
    }
    String s = n.asText().trim();
    return s.isEmpty() ? null : s;
  }

  /** The @odata.id of a link object, or null. */
  /**
   * A link's @odata.id without a trailing slash: the Redfish specification makes the two forms the
   * same resource, and iLO 5 2.55 writes both (an adapter's NetworkPorts Members with it, its
   * controllers' Links without: hpe-xl675d-g10p-a40-ilo5-2.55), which would otherwise read one port twice.
   */
  static String link(JsonNode n) {
    String id = n == null ? null : text(n.get("@odata.id"));
    return id != null && id.length() > 1 && id.endsWith("/") ? id.substring(0, id.length() - 1) : id;
  }

  /** The @odata.ids of an array of links (a collection's Members, a Links list). */
  static List<String> links(JsonNode array) {
    List<String> out = new ArrayList<>();
    if (array != null && array.isArray()) {
      for (JsonNode m : array) {
        String id = link(m);
        if (id != null) {
          out.add(id);
        }
      }
    }
    return out;
  }

  /** The last segment of a Redfish path ("/redfish/v1/.../CPU.Socket.1" -> "CPU.Socket.1"). */
  static String lastSegment(String path) {
    String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return p.substring(p.lastIndexOf('/') + 1);
  }
}
