package io.headroom.remotewrite;

import io.headroom.config.RemoteWriteTarget;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Sends remote-write 1.0 requests to one endpoint: POST, the headers the specification names, and
 * what the answer means for the sender. TLS is verified, by the JDK's trust store or by the CAs of
 * the endpoint's {@code ca_file} alone (the host name too, always; no way to turn it off);
 * credentials come from the environment or a file and never appear in a log or an error.
 */
public final class RemoteWriteClient {
  public static final String USER_AGENT = "headroom/0.1.0";

  /** What the endpoint's answer means for the request. */
  public enum Outcome {
    /** 2xx: written. */
    SENT,
    /** Another 4xx: the endpoint will never take it (a bad label, a sample out of order); dropped and counted, not retried. */
    REFUSED,
    /** 5xx, 429 or no answer: sent again after a backoff, nothing later goes past it. */
    RETRY
  }

  /** The answer: its outcome, the status (0: none), and a short reason for the log. */
  public record Answer(Outcome outcome, int status, String reason) {}

  private final RemoteWriteTarget target;
  private final String authorization;
  private final HttpClient http;

  public RemoteWriteClient(RemoteWriteTarget target, Map<String, String> env) {
    this.target = target;
    this.authorization = authorization(target, env);
    HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(target.timeout());
    if (target.caFile() != null) {
      http.sslContext(trusting(target));
    }
    this.http = http.build();
  }

  public RemoteWriteTarget target() {
    return target;
  }

  /** Posts a snappy-compressed WriteRequest; never throws for what the endpoint or the network does. */
  public Answer send(byte[] compressed) throws InterruptedException {
    return send(new WriteRequest.Body(compressed, compressed.length));
  }

  /** Posts the first {@code body.length()} bytes of {@code body.bytes()}, a snappy-compressed WriteRequest. */
  public Answer send(WriteRequest.Body body) throws InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(target.url())
        .timeout(target.timeout())
        .header("Content-Encoding", "snappy")
        .header("Content-Type", "application/x-protobuf")
        .header("X-Prometheus-Remote-Write-Version", "0.1.0")
        .header("User-Agent", USER_AGENT)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body.bytes(), 0, body.length()));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      return new Answer(Outcome.RETRY, 0, "no answer: " + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : " " + e.getMessage()));
    }
    return answer(response.statusCode(), response.body());
  }

  /** The specification's rules: retry 5xx and 429, drop any other 4xx. */
  static Answer answer(int status, String body) {
    String reason = "HTTP " + status + (body == null || body.isBlank() ? "" : ": " + firstLine(body));
    if (status / 100 == 2) {
      return new Answer(Outcome.SENT, status, reason);
    }
    if (status == 429 || status / 100 == 5) {
      return new Answer(Outcome.RETRY, status, reason);
    }
    return new Answer(Outcome.REFUSED, status, reason);
  }

  private static String firstLine(String body) {
    String line = body.strip().lines().findFirst().orElse("");
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }

  /** The Authorization header's value, or null; a secret that is missing stops the start, named by key. */
  static String authorization(RemoteWriteTarget t, Map<String, String> env) {
    if (t.bearerTokenFile() != null || t.bearerTokenEnv() != null) {
      return "Bearer " + secret(t.bearerTokenFile(), t.bearerTokenEnv(), "bearer_token", env, t);
    }
    if (t.username() != null) {
      String password = secret(t.passwordFile(), t.passwordEnv(), "password", env, t);
      return "Basic " + Base64.getEncoder().encodeToString((t.username() + ":" + password)
          .getBytes(StandardCharsets.UTF_8));
    }
    return null;
  }

  /**
   * A TLS context trusting only the certificates of {@code ca_file} (a private CA); the JDK's
   * client still checks the chain, the dates and the host name against them. A file that cannot
   * be read or holds no certificate stops the start, named by key and path.
   */
  static SSLContext trusting(RemoteWriteTarget t) {
    String where = "remote_write " + t.name() + ": ca_file " + t.caFile();
    try (InputStream in = Files.newInputStream(t.caFile())) {
      Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
      if (certs.isEmpty()) {
        throw new IllegalArgumentException(where + " holds no certificate");
      }
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (Certificate c : certs) {
        store.setCertificateEntry("ca" + i++, c);
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (IOException e) {
      throw new IllegalArgumentException(where + " cannot be read (" + e.getClass().getSimpleName() + ")");
    } catch (CertificateException e) {
      throw new IllegalArgumentException(where + " is not a PEM certificate: " + e.getMessage());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("no TLS in this JVM", e);
    }
  }

  private static String secret(java.nio.file.Path file, String variable, String key, Map<String, String> env,
      RemoteWriteTarget t) {
    String where = "remote_write " + t.name() + ": ";
    if (file != null) {
      try {
        String s = Files.readString(file, StandardCharsets.UTF_8).strip();
        if (s.isEmpty()) {
          throw new IllegalArgumentException(where + key + "_file " + file + " is empty");
        }
        return s;
      } catch (IOException e) {
        throw new IllegalArgumentException(where + key + "_file " + file + " cannot be read ("
            + e.getClass().getSimpleName() + ")");
      }
    }
    String s = env.get(variable);
    if (s == null || s.isBlank()) {
      throw new IllegalArgumentException(where + key + "_env names " + variable + ", which is not set");
    }
    return s.strip();
  }
}
