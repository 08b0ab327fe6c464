package io.headroom.collector.remote;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request to a target.
 *
 * @param path absolute ("/redfish/v1/Systems", from the host) or relative (from the url's path);
 *     may carry a query string
 * @param headers extra headers, e.g. a session token; never printed
 * @param body the JSON to send, or null
 * @param basicAuth send the target's credentials as HTTP Basic
 */
public record RemoteRequest(String method, String path, Map<String, String> headers, String body, boolean basicAuth) {
  public RemoteRequest {
    headers = Map.copyOf(headers);
  }

  public static RemoteRequest get(String path) {
    return new RemoteRequest("GET", path, Map.of(), null, false);
  }

  public static RemoteRequest head(String path) {
    return new RemoteRequest("HEAD", path, Map.of(), null, false);
  }

  public static RemoteRequest delete(String path) {
    return new RemoteRequest("DELETE", path, Map.of(), null, false);
  }

  public static RemoteRequest post(String path, String json) {
    return new RemoteRequest("POST", path, Map.of(), json, false);
  }

  public RemoteRequest withHeader(String name, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(name, value);
    return new RemoteRequest(method, path, h, body, basicAuth);
  }

  public RemoteRequest withBasicAuth() {
    return new RemoteRequest(method, path, headers, body, true);
  }

  byte[] bodyBytes() {
    return body == null ? null : body.getBytes(StandardCharsets.UTF_8);
  }

  /** Headers print masked when they carry credentials. */
  @Override
  public String toString() {
    Map<String, String> shown = new LinkedHashMap<>();
    headers.forEach((k, v) -> shown.put(k, Redaction.header(k, v)));
    return "RemoteRequest[" + method + " " + Redaction.url(path) + ", headers=" + shown
        + (body == null ? "" : ", body=" + body.length() + " chars") + (basicAuth ? ", basic auth" : "") + "]";
  }
}
