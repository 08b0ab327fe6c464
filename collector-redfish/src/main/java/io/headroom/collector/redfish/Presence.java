package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Absent means absent: a resource whose {@code Status.State} is "Absent" is listed by the service
 * but not there (an empty CPU socket, a slot with no card): DMTF's Resource.State "Absent" is a
 * resource not present or not detected. A 404 or an error body answers the
 * same question for a link (see {@link Fetcher}); a null property is "not reported".
 */
final class Presence {
  private Presence() {}

  static boolean absent(JsonNode doc) {
    return doc != null && "Absent".equals(Json.text(doc.path("Status").get("State")));
  }
}
