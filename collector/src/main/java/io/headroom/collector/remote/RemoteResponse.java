package io.headroom.collector.remote;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A whole response, read into memory (within the client's body cap).
 *
 * @param where method and URL, credentials masked, for messages ("GET https://bmc/redfish/v1")
 * @param headers names in lower case
 */
public record RemoteResponse(String where, int status, Map<String, List<String>> headers, byte[] body) {
  public boolean isSuccess() {
    return status >= 200 && status < 300;
  }

  public String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /** The first value of a header (any case), or null. */
  public String header(String name) {
    List<String> v = headers.get(name.toLowerCase(java.util.Locale.ROOT));
    return v == null || v.isEmpty() ? null : v.get(0);
  }

  /** This response if it is a 2xx, else an exception naming where, the status and the body summarised on one line. */
  public RemoteResponse requireSuccess() throws RemoteHttpException {
    return requireSuccess(Redaction.NONE);
  }

  /** As {@link #requireSuccess()}, masking these secrets too should the body echo them. */
  public RemoteResponse requireSuccess(Redaction redaction) throws RemoteHttpException {
    if (isSuccess()) {
      return this;
    }
    String excerpt = ErrorBody.summary(body);
    throw new RemoteHttpException(redaction.redact(where + ": HTTP " + status + (excerpt.isBlank() ? "" : ": " + excerpt)),
        status);
  }

  @Override
  public String toString() {
    return "RemoteResponse[" + where + " " + status + ", " + body.length + " bytes, headers="
        + Redaction.headers(headers) + "]";
  }
}
