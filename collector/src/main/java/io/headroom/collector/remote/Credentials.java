package io.headroom.collector.remote;

import io.headroom.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * The login for one target, read from where the endpoint says (environment variable or file).
 * Problems name the variable or the file, never what was in it.
 *
 * @param username null when the target takes no user name (a token alone)
 * @param password null when there is no login at all
 */
public record Credentials(String username, Secret password) {
  public static final Credentials NONE = new Credentials(null, null);

  public static Credentials resolve(RemoteEndpoint endpoint, Path baseDir) throws ConfigException {
    return resolve(endpoint, baseDir, System::getenv);
  }

  /** As {@link #resolve(RemoteEndpoint, Path)}, reading environment variables through {@code env}. */
  public static Credentials resolve(RemoteEndpoint endpoint, Path baseDir, Function<String, String> env)
      throws ConfigException {
    if (endpoint.passwordEnv() != null) {
      String value = env.apply(endpoint.passwordEnv());
      if (value == null || value.isEmpty()) {
        throw new ConfigException("password_env: environment variable " + endpoint.passwordEnv()
            + " is " + (value == null ? "not set" : "empty") + " (for " + endpoint.target() + ")");
      }
      return new Credentials(endpoint.username(), Secret.of(longEnough(value, "password_env: the password in "
          + endpoint.passwordEnv(), endpoint)));
    }
    if (endpoint.passwordFile() != null) {
      // Read at every call, never cached: a source resolves its login once, when it is built (the
      // collector's start), so this costs one small read per source, and a password file rotated
      // in place (a mounted secret, a vault agent) is what the next start uses without editing
      // the testbed. A running source keeps the password it was built with.
      Path file = baseDir.resolve(endpoint.passwordFile());
      String value;
      try {
        value = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        // The exception's own message is only the path and a reason; never the content.
        throw new ConfigException("password_file: cannot read " + file + " (" + e.getClass().getSimpleName()
            + ") for " + endpoint.target());
      }
      value = trimNewline(value);
      if (value.isEmpty()) {
        throw new ConfigException("password_file: " + file + " is empty (for " + endpoint.target() + ")");
      }
      return new Credentials(endpoint.username(), Secret.of(longEnough(value, "password_file: the password in " + file,
          endpoint)));
    }
    return endpoint.username() == null ? NONE : new Credentials(endpoint.username(), null);
  }

  /** The password, if it is long enough to be masked in messages without masking parts of other words. */
  private static String longEnough(String value, String what, RemoteEndpoint endpoint) throws ConfigException {
    if (value.codePointCount(0, value.length()) < Redaction.MIN_SECRET_LENGTH) {
      throw new ConfigException(what + " is shorter than " + Redaction.MIN_SECRET_LENGTH + " characters (for "
          + endpoint.target() + "): so short a secret cannot be kept out of messages without hiding parts of other "
          + "words, and is a guess away; use a longer one");
    }
    return value;
  }

  /** One trailing line end, as editors and "echo" leave it; other whitespace may be the password. */
  private static String trimNewline(String s) {
    if (s.endsWith("\r\n")) {
      return s.substring(0, s.length() - 2);
    }
    return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
  }

  /** The value of an Authorization header for HTTP Basic. */
  public Secret basicAuthorization() {
    if (password == null) {
      throw new IllegalStateException("no password to log in with");
    }
    String pair = (username == null ? "" : username) + ":" + password.reveal();
    return Secret.of("Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
  }

  /** What must never show in a message: the password, and its Basic encoding. */
  public Redaction redaction() {
    List<String> secrets = new ArrayList<>();
    if (password != null) {
      secrets.add(password.reveal());
      String header = basicAuthorization().reveal();
      secrets.add(header.substring("Basic ".length()));
    }
    return Redaction.of(secrets);
  }
}
