package io.headroom.collector.redfish;

import io.headroom.collector.remote.RemoteResponse;

/**
 * A BMC saying it is overloaded: 429, or 503 (iDRAC: RAC0218, "the maximum number of user
 * sessions is reached"). The only right answer is to wait; another session or another request
 * makes it worse.
 */
final class BmcBusy {
  private BmcBusy() {}

  static boolean is(RemoteResponse r) {
    return r.status() == 429 || r.status() == 503;
  }

  static String describe(RemoteResponse r) {
    boolean noSession = r.text().contains("RAC0218");
    return "HTTP " + r.status() + (noSession ? " RAC0218 (no session slot free on the BMC)" : " (BMC busy)")
        + "; backing off";
  }
}
