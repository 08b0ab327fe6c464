package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What is masked in printed texts: known secrets, URL userinfo, credential query values and headers. */
class RedactionTest {
  @Test
  void knownSecretsAnywhereInATextLongestFirst() {
    Redaction r = Redaction.of(List.of("hunter2", "hunter2hunter2", ""));
    assertEquals("login as root/*** failed; *** again", r.redact("login as root/hunter2 failed; hunter2hunter2 again"));
    assertEquals("session ***", r.with("abc123token").redact("session abc123token"));
    assertEquals(null, r.redact(null));
  }

  @Test
  void aSecretIsMaskedWhereItStandsWholeNotInsideAnotherWord() {
    // the probe's case: password "e" masked "UnknownHostE***ception"; with a 4-letter one, the same
    Redaction r = Redaction.of(List.of("xcep"));
    assertEquals("java.net.UnknownHostException: bmc; password *** refused, \"***\", =***&",
        r.redact("java.net.UnknownHostException: bmc; password xcep refused, \"xcep\", =xcep&"));
    // at the start and the end of the text; a secret starting with punctuation is whole by itself
    assertEquals("*** ... ***", r.redact("xcep ... xcep"));
    assertEquals("a***", Redaction.of(List.of("#x9!")).redact("a#x9!"));
    assertEquals("xcepxcep xcep1", r.redact("xcepxcep xcep1"));
  }

  @Test
  void urlUserinfoAndCredentialQueryValues() {
    assertEquals("https://***@bmc.example/redfish/v1", Redaction.url("https://root:calvin@bmc.example/redfish/v1"));
    assertEquals("https://a.example/x?token=***&$expand=.&sig=***",
        Redaction.url("https://a.example/x?token=t0k&$expand=.&sig=abc"));
    assertEquals("https://a.example/x?access_token=***#frag", Redaction.url("https://a.example/x?access_token=zz#frag"));
    assertEquals("https://a.example/x?password=***&api_key=***&X-Amz-Signature=***&AuthKey=***",
        Redaction.url("https://a.example/x?password=p&api_key=k&X-Amz-Signature=s&AuthKey=a"));
    assertEquals("https://a.example/redfish/v1/Systems?$select=Id", Redaction.url("https://a.example/redfish/v1/Systems?$select=Id"));
    // Inside a longer message too, as exception texts carry them.
    assertEquals("failed: GET http://***@h:8080/a?key=*** (refused)",
        Redaction.of(List.of()).redact("failed: GET http://u:p@h:8080/a?key=v (refused)"));
  }

  @Test
  void aTextWhoseFirstCharacterIsTheAtOrTheEqualsSignIsStillSearched() {
    // The shortcut skips a text with neither '@' nor '='; one found at index 0 is found all the same.
    assertEquals("@admin: GET http://***@bmc/x", Redaction.url("@admin: GET http://root:calvin@bmc/x"));
    assertEquals("=> GET https://a.example/x?token=***", Redaction.url("=> GET https://a.example/x?token=t0k"));
    assertEquals("GET https://a.example/redfish/v1", Redaction.url("GET https://a.example/redfish/v1"));
  }

  @Test
  void headersThatCarryCredentialsAreMasked() {
    for (String h : List.of("Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Auth-Token",
        "DELL-EMC-TOKEN", "X-Api-Key", "x-auth-token")) {
      assertTrue(Redaction.sensitiveHeader(h), h);
      assertEquals("***", Redaction.header(h, "value"));
    }
    for (String h : List.of("Content-Type", "Location", "Retry-After", "OData-Version", "Keep-Alive")) {
      assertFalse(Redaction.sensitiveHeader(h), h);
    }
    assertEquals(Map.of("set-cookie", List.of("***", "***"), "etag", List.of("W/\"1\"")),
        Redaction.headers(Map.of("set-cookie", List.of("a=1", "b=2"), "etag", List.of("W/\"1\""))));
  }

  @Test
  void requestsPrintWithoutTheirCredentials() {
    RemoteRequest req = RemoteRequest.get("/x?token=abc").withHeader("X-Auth-Token", "tok-123").withBasicAuth();
    String s = req.toString();
    assertFalse(s.contains("tok-123"), s);
    assertFalse(s.contains("abc"), s);
  }
}
