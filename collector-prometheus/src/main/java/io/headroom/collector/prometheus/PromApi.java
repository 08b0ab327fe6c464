package io.headroom.collector.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prometheus's HTTP query API (/api/v1/query and /api/v1/query_range, as Prometheus, VictoriaMetrics,
 * Mimir and Thanos answer it) through the shared remote client: retries, TLS verified, secrets kept
 * out of messages. With a password and no user name the password is a bearer token; with both, HTTP
 * Basic.
 */
public final class PromApi implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final RemoteHttpClient http;
  private final Credentials credentials;

  public PromApi(RemoteHttpClient http, Credentials credentials) {
    this.http = http;
    this.credentials = credentials == null ? Credentials.NONE : credentials;
  }

  /** One series of an answer: its labels and its points, in time order (NaN values left out). */
  public record Series(Map<String, String> labels, double[] ts, double[] values) {
    public String label(String name) {
      return labels.get(name);
    }
  }

  /** A range query: every {@code step} seconds from {@code start} to {@code end}, both included. */
  public List<Series> queryRange(String query, double start, double end, double step) throws IOException {
    return series(get("/api/v1/query_range?query=" + enc(query) + "&start=" + num(start) + "&end=" + num(end)
        + "&step=" + num(step)), query);
  }

  /** An instant query at {@code time}; a range selector's raw samples come back as a matrix. */
  public List<Series> query(String query, double time) throws IOException {
    return series(get("/api/v1/query?query=" + enc(query) + "&time=" + num(time)), query);
  }

  private JsonNode get(String path) throws IOException {
    RemoteRequest request = RemoteRequest.get(path);
    if (credentials.password() != null) {
      request = credentials.username() != null ? request.withBasicAuth()
          : request.withHeader("Authorization", "Bearer " + credentials.password().reveal());
    }
    RemoteResponse r = http.execute(request);
    JsonNode body;
    try {
      body = JSON.readTree(r.body());
    } catch (IOException e) {
      r.requireSuccess(http.redaction());
      throw new IOException(r.where() + ": not JSON: " + e.getMessage());
    }
    // Prometheus says why a query failed in the body of its 400 and 422: {"status":"error","error":...}
    if (!r.isSuccess() || !"success".equals(body.path("status").asText())) {
      String why = body.path("error").asText("");
      throw new IOException(http.redaction().redact(r.where() + ": HTTP " + r.status()
          + (why.isEmpty() ? "" : ": " + body.path("errorType").asText("") + ": " + why)));
    }
    return body.path("data");
  }

  /** The series of a "matrix" or "vector" answer; a scalar or string answer is refused. */
  static List<Series> series(JsonNode data, String query) throws IOException {
    String type = data.path("resultType").asText();
    List<Series> out = new ArrayList<>();
    for (JsonNode s : data.path("result")) {
      Map<String, String> labels = new LinkedHashMap<>();
      s.path("metric").fields().forEachRemaining(f -> labels.put(f.getKey(), f.getValue().asText()));
      JsonNode points = type.equals("matrix") ? s.path("values") : type.equals("vector") ? arrayOf(s.path("value")) : null;
      if (points == null) {
        throw new IOException("query " + query + ": a " + type + " answer, not series");
      }
      double[] ts = new double[points.size()];
      double[] v = new double[points.size()];
      int n = 0;
      for (JsonNode p : points) {
        double value = value(p.path(1).asText());
        if (!Double.isNaN(value)) {
          ts[n] = p.path(0).asDouble();
          v[n++] = value;
        }
      }
      out.add(new Series(Map.copyOf(labels), java.util.Arrays.copyOf(ts, n), java.util.Arrays.copyOf(v, n)));
    }
    return out;
  }

  private static JsonNode arrayOf(JsonNode point) {
    return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode().add(point);
  }

  /** Prometheus writes sample values as strings: "1.5", "NaN", "+Inf", "-Inf". */
  static double value(String text) {
    return switch (text) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(text);
    };
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** Seconds as Prometheus reads them: a decimal with millisecond precision. */
  private static String num(double seconds) {
    return String.format(Locale.ROOT, "%.3f", seconds);
  }

  @Override
  public void close() {
    http.close();
  }
}
