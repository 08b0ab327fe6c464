package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.RemoteResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A BMC saying it is overloaded: 429, or 503, or a session limit named at any error status. The
 * only right answer is to wait; another session or another request makes it worse. Where the error body's MessageId is one a BMC profile lists
 * as "no session slot free" ({@link BmcProfile#sessionLimit}: the DMTF Base registry's
 * SessionLimitExceeded, iDRAC's RAC0218), the message says so.
 */
final class BmcBusy {
  private static final ObjectMapper JSON = new ObjectMapper();

  private BmcBusy() {}

  /**
   * 429 or 503, or any other error status whose body names a session-limit message: a Cisco CIMC
   * answers a login with HTTP 400 and Base.1.4.0.SessionLimitExceeded (a real log in
   * akaliwod/iserver's doc/green), and trying again each scrape would keep its slots taken.
   */
  static boolean is(RemoteResponse r) {
    return r.status() == 429 || r.status() == 503 || r.status() >= 400 && sessionLimit(r) != null;
  }

  static String describe(RemoteResponse r) {
    String[] found = sessionLimit(r);
    return found == null ? "HTTP " + r.status() + " (BMC busy); backing off"
        : "HTTP " + r.status() + " " + found[0] + " (no session slot free on the BMC; " + found[1] + " profile); backing off";
  }

  /** The body's session-limit MessageId and the profile family that lists it; null when none. */
  private static String[] sessionLimit(RemoteResponse r) {
    for (String id : messageIds(r)) {
      BmcProfile p = BmcProfile.ofSessionLimit(id);
      if (p != null) {
        return new String[] {id, p.family()};
      }
    }
    return null;
  }

  /** The Redfish error's code and its extended messages' MessageIds; none when the body is no Redfish error. */
  private static List<String> messageIds(RemoteResponse r) {
    List<String> ids = new ArrayList<>();
    JsonNode error;
    try {
      error = JSON.readTree(r.body()).path("error");
    } catch (IOException | RuntimeException e) {
      return ids; // not JSON: no MessageId to name
    }
    for (JsonNode info : error.path("@Message.ExtendedInfo")) {
      String id = Json.text(info.get("MessageId"));
      if (id != null) {
        ids.add(id);
      }
    }
    String code = Json.text(error.get("code"));
    if (code != null) {
      ids.add(code);
    }
    return ids;
  }
}
