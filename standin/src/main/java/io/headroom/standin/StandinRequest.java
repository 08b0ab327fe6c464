package io.headroom.standin;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * One request as the stand-in saw it, for handlers and for assertions.
 *
 * @param path the path without query string or trailing slash ("/redfish/v1/Systems")
 * @param query the raw query string, or null
 * @param headers header names in lower case
 * @param atNanos {@link System#nanoTime()} when it arrived
 */
public record StandinRequest(
    String method, String path, String query, Map<String, List<String>> headers, byte[] body, long atNanos) {

  /** The first value of a header (any case), or null. */
  public String header(String name) {
    List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
