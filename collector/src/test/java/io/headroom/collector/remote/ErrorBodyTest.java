package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A failed answer's body as one line: short JSON whole, long JSON its messages, other text collapsed, all cut. */
class ErrorBodyTest {
  private static String summary(String body) {
    return ErrorBody.summary(body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aShortJsonBodyIsKeptWholeOnOneLine() {
    assertEquals("{\"error\":{\"code\":\"Base.1.0.ResourceMissingAtURI\",\"message\":\"gone\"}}",
        summary("{\n  \"error\": {\n    \"code\": \"Base.1.0.ResourceMissingAtURI\",\n    \"message\": \"gone\"\n  }\n}\n"));
  }

  @Test
  void aLongPowerStoreBodyIsItsMessagesWithTheirCodes() {
    // PowerStore's error body, pretty-printed as the array sends it, with its arguments: over 200 characters
    String body = """
        {
          "messages": [
            {
              "code": "0xE04040010005",
              "severity": "Error",
              "message_l10n": "The entity performance_metrics_by_fe_eth_port is not supported for this port type.",
              "arguments": ["performance_metrics_by_fe_eth_port", "BaseEnclosure-NodeA-EmbeddedModule-MgmtPort"]
            },
            {
              "code": "0xE04040010005",
              "severity": "Error",
              "message_l10n": "The entity performance_metrics_by_fe_eth_port is not supported for this port type."
            }
          ]
        }
        """;
    // the two messages are the same: said once
    assertEquals("0xE04040010005: The entity performance_metrics_by_fe_eth_port is not supported for this port type.",
        summary(body));
  }

  @Test
  void aRedfishBodyGivesItsMessageAndEachExtendedInfoByMessageId() {
    String body = "{\"error\": {\"code\": \"Base.1.12.GeneralError\", \"message\": \"A general error has occurred. "
        + "See ExtendedInfo for more information.\", \"@Message.ExtendedInfo\": [{\"MessageId\": \"IDRAC.2.9.SYS403\", "
        + "\"Message\": \"Unable to complete the operation because the resource is not found.\", \"Severity\": \"Warning\"}]}}";
    assertEquals("Base.1.12.GeneralError: A general error has occurred. See ExtendedInfo for more information.; "
        + "IDRAC.2.9.SYS403: Unable to complete the operation because the resource is not found.", summary(body));
  }

  @Test
  void anHtmlPageIsCollapsedToOneLineAndCutAtTheLimit() {
    String page = "<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n" + "x".repeat(300) + "\n</body></html>";
    String s = summary(page);
    assertFalse(s.contains("\n"), s);
    assertEquals(ErrorBody.MAX + "...".length(), s.length());
    assertEquals("<html> <head><title>502 Bad Gateway</title></head> <body> xxx", s.substring(0, 61));
  }

  @Test
  void aLongJsonBodyWithoutMessagesIsItsCompactFormCut() {
    String s = summary("{\"rows\": [" + "1, ".repeat(100) + "1]}");
    assertEquals(ErrorBody.MAX + 3, s.length());
    assertEquals("{\"rows\":[1,1,1", s.substring(0, 14));
  }

  @Test
  void anEmptyBodyIsNothing() {
    assertEquals("", summary(" \n"));
  }

  @Test
  void aJsonBodyOfExactlyTheLimitIsKeptWholeAndOneCharacterMoreIsItsMessage() {
    // {"error":{"code":"C","message":"..."}}: 32 characters before the message, 3 after it, so a
    // message of 165 makes 200, the limit, and one of 166 makes 201.
    String at = "{\"error\":{\"code\":\"C\",\"message\":\"" + "m".repeat(165) + "\"}}";
    assertEquals(ErrorBody.MAX, at.length());
    assertEquals(at, summary(at));
    String over = "{\"error\":{\"code\":\"C\",\"message\":\"" + "m".repeat(166) + "\"}}";
    assertEquals("C: " + "m".repeat(166), summary(over)); // 169 characters: not cut
  }

  @Test
  void aTextOfExactlyTheLimitIsKeptAndOneCharacterMoreIsCut() {
    assertEquals("y".repeat(200), summary("y".repeat(200)));
    assertEquals("y".repeat(200) + "...", summary("y".repeat(201)));
  }
}
