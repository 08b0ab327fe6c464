package io.headroom.collector.remote;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * How a remote target's certificate is checked; at most one of the three. None: the JVM's trust
 * store and the host name, as a browser would.
 *
 * @param pinSha256 the SHA-256 of the server's own certificate (DER), as {@code openssl x509
 *     -fingerprint -sha256} prints it; colons optional, any case. Accepts exactly that certificate
 *     whatever names it carries: BMCs ship self-signed certificates whose names never match.
 * @param caFile a PEM file of the only CA(s) to trust; host names are still checked
 * @param insecure accept any certificate (logged as a warning)
 */
public record TlsSettings(String pinSha256, Path caFile, Boolean insecure) {
  public static final TlsSettings VERIFIED = new TlsSettings(null, null, null);

  public TlsSettings {
    insecure = insecure != null && insecure;
  }

  public static TlsSettings pin(String sha256) {
    return new TlsSettings(sha256, null, null);
  }

  public static TlsSettings ca(Path file) {
    return new TlsSettings(null, file, null);
  }

  public static TlsSettings trustAll() {
    return new TlsSettings(null, null, true);
  }

  public boolean pinned() {
    return pinSha256 != null;
  }

  /** The pin as 32 bytes, or null when there is none or it is malformed. */
  public byte[] pinBytes() {
    if (pinSha256 == null) {
      return null;
    }
    String hex = pinSha256.replace(":", "").trim().toLowerCase(Locale.ROOT);
    if (!hex.matches("[0-9a-f]{64}")) {
      return null;
    }
    return HexFormat.of().parseHex(hex);
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    int given = (pinSha256 != null ? 1 : 0) + (caFile != null ? 1 : 0) + (insecure ? 1 : 0);
    if (given > 1) {
      problems.add("pin_sha256, ca_file, insecure: give at most one");
    }
    if (pinSha256 != null && pinBytes() == null) {
      problems.add("pin_sha256: must be 64 hex digits, the SHA-256 of the server certificate (colons optional)");
    }
    return problems;
  }
}
