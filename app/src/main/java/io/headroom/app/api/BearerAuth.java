package io.headroom.app.api;

import io.headroom.config.ApiConfig;
import io.headroom.config.ConfigException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Map;

/**
 * The API's one bearer token. Without one the API serves only on a loopback address: anyone who
 * can reach it could otherwise start and end runs.
 */
final class BearerAuth {
  private final byte[] expected;

  private BearerAuth(String token) {
    this.expected = token == null ? null : ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
  }

  /** The token from {@code api.token_file} or else the environment variable; checks the bind address. */
  static BearerAuth resolve(ApiConfig config, String host, Map<String, String> env) throws ConfigException {
    String token = null;
    if (config.tokenFile() != null) {
      token = readToken(config.tokenFile());
    } else {
      String fromEnv = env.get(config.tokenEnv());
      token = fromEnv == null || fromEnv.isBlank() ? null : fromEnv.trim();
    }
    if (token == null && !loopback(host)) {
      throw new ConfigException("api: refusing to serve on " + host + " without a token: set "
          + config.tokenEnv() + " (or api.token_file), or bind to 127.0.0.1");
    }
    return new BearerAuth(token);
  }

  boolean required() {
    return expected != null;
  }

  /** Compared in constant time, so the time taken says nothing about how much of it matched. */
  boolean permits(String authorizationHeader) {
    if (expected == null) {
      return true;
    }
    return authorizationHeader != null
        && MessageDigest.isEqual(expected, authorizationHeader.getBytes(StandardCharsets.UTF_8));
  }

  private static String readToken(Path file) throws ConfigException {
    try {
      String token = Files.readString(file).trim();
      if (token.isEmpty()) {
        throw new ConfigException("api.token_file: " + file + " is empty");
      }
      return token;
    } catch (IOException e) {
      throw new ConfigException("api.token_file: cannot read " + file + ": " + e.getMessage());
    }
  }

  static boolean loopback(String host) {
    if ("localhost".equals(host)) {
      return true;
    }
    try {
      // only literal addresses: a name could resolve differently later
      return (host.matches("[0-9.]+") || host.contains(":")) && InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
