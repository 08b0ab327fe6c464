package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.remote.LoginFailedException;
import org.junit.jupiter.api.Test;

/** Which failures of a resource say the BMC refused the login (the scrape then fails as a whole). */
class BmcExceptionTest {
  private static final String WHERE = "GET https://idrac-r750a/redfish/v1/Systems";

  @Test
  void aLoginRefusedOrHeldIsARefusalAndCarriesItsStatus() {
    BmcException e = new BmcException(WHERE, "login refused", new LoginFailedException("refused", 401));
    assertEquals(true, e.loginRefused());
    assertEquals(401, e.status());
    assertEquals(false, e.notOffered());
  }

  @Test
  void aLoginThatGotNoAnswerOrAnHttpErrorOfTheResourceIsNone() {
    assertEquals(false, new BmcException(WHERE, "no answer", new LoginFailedException("timeout", -1)).loginRefused());
    assertEquals(false, new BmcException(WHERE, "HTTP 403", 403).loginRefused()); // a privilege, not the password
    assertEquals(false, new BmcException(WHERE, "reset", new java.io.IOException("reset")).loginRefused());
  }
}
