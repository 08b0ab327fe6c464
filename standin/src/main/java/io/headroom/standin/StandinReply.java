package io.headroom.standin;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** A response a handler or an injected error gives: status, headers, body. */
public record StandinReply(int status, Map<String, String> headers, byte[] body) {
  public StandinReply {
    headers = Map.copyOf(headers);
  }

  public static StandinReply json(int status, String json) {
    return new StandinReply(status, Map.of("Content-Type", "application/json"), json.getBytes(StandardCharsets.UTF_8));
  }

  public static StandinReply json(String json) {
    return json(200, json);
  }

  /** The same reply with one more header. */
  public StandinReply withHeader(String name, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(name, value);
    return new StandinReply(status, h, body);
  }
}
