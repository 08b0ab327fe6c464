package io.headroom.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The API's request bodies as its handlers read them (ApiRequests, RequestChecks; not over HTTP):
 * any bytes are a JSON object whose fields are checked, or an {@link ApiException} that answers
 * 400 naming the body or the field. Nothing else escapes (a 500).
 */
class ApiBodyFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void anyBodyIsReadOrA400NamingTheField(byte[] bytes) {
    try {
      JsonNode body = ApiRequests.body(bytes);
      // the fields the run, phase, end and annotation handlers read
      String run = ApiRequests.text(body, "run", "r");
      RequestChecks.key("run", run);
      String name = ApiRequests.text(body, "name", "p");
      RequestChecks.key("name", name);
      RequestChecks.text("text", ApiRequests.text(body, "text", ""));
      if (body.has("workload")) {
        RequestChecks.storableJson("workload", body.get("workload"));
      }
      double at = ApiRequests.at(body);
      assertTrue(at >= 0 && at <= RequestChecks.LATEST_SECONDS, "at " + at);
    } catch (ApiException e) {
      assertEquals(400, e.status(), e.getMessage());
      assertTrue(java.util.List.of("body: ", "run: ", "name: ", "text: ", "workload", "at: ").stream()
          .anyMatch(e.getMessage()::startsWith), "names the body or the field: " + e.getMessage());
    }
  }
}
