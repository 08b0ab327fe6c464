package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.capture.CaptureFormat;
import io.headroom.collector.capture.CaptureWriter;
import io.headroom.collector.capture.RecordedExchanges.Exchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A BMC as the Redfish source read it, in the DMTF mockup layout: every resource it fetched with a
 * 2xx JSON answer, whole (links to resources it did not read stay in the bodies). The login POST
 * and its token are not written: the stand-in serves a capture without authentication. A path
 * asked with a query ("?$filter=...") is served without one; the answer to the plain path wins
 * where both were asked.
 */
public final class RedfishCaptureFormat implements CaptureFormat {
  @Override
  public String type() {
    return "redfish";
  }

  @Override
  public List<String> write(List<Exchange> exchanges, CaptureWriter out) throws IOException {
    Map<String, JsonNode> byPath = new LinkedHashMap<>();
    for (Exchange e : exchanges) {
      JsonNode body = e.method().equals("GET") && e.isSuccess() ? CaptureWriter.parse(e) : null;
      if (body != null && (!e.hasQuery() || !byPath.containsKey(e.pathOnly()))) {
        byPath.put(e.pathOnly(), body);
      }
    }
    List<String> written = new ArrayList<>();
    for (Map.Entry<String, JsonNode> r : byPath.entrySet()) {
      written.add(out.write(r.getKey(), r.getValue()).toString());
    }
    return written;
  }

  @Override
  public String firmware(List<Exchange> exchanges) {
    Set<String> parts = new LinkedHashSet<>();
    for (Exchange e : exchanges) {
      JsonNode body = e.isSuccess() ? CaptureWriter.parse(e) : null;
      if (body == null) {
        continue;
      }
      String path = e.pathOnly().replaceAll("/+$", "");
      if (path.equals("/redfish/v1") && body.hasNonNull("RedfishVersion")) {
        parts.add("Redfish " + body.get("RedfishVersion").asText()
            + (body.hasNonNull("Vendor") ? ", vendor " + body.get("Vendor").asText() : ""));
      }
      if (path.matches(".*/Systems/[^/]+") && body.hasNonNull("BiosVersion")) {
        parts.add(body.path("Model").asText("system") + " BIOS " + body.get("BiosVersion").asText());
      }
      if (path.matches(".*/Managers/[^/]+") && body.hasNonNull("FirmwareVersion")) {
        parts.add(body.path("Model").asText(body.path("Name").asText("manager")) + " firmware "
            + body.get("FirmwareVersion").asText());
      }
    }
    return parts.isEmpty() ? "not stated" : String.join("; ", parts);
  }
}
