package io.headroom.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the analyzer stores samples. {@code url} null means the embedded PostgreSQL. The password
 * is never in the file: {@code passwordEnv} names the environment variable that holds it.
 */
public record DatabaseConfig(String url, String user, String passwordEnv) {
  public static final DatabaseConfig EMBEDDED = new DatabaseConfig(null, null, null);

  public boolean embedded() {
    return url == null;
  }

  /** The password, read from the environment at the moment it is needed; null when none. */
  public String password() {
    return passwordEnv == null ? null : System.getenv(passwordEnv);
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (url != null && !url.startsWith("jdbc:postgresql:")) {
      problems.add("url: must be a jdbc:postgresql: URL");
    }
    if (url != null && url.toLowerCase().contains("password=")) {
      problems.add("url: must not hold a password; name an environment variable in database.password_env");
    }
    if (url != null && url.matches("jdbc:postgresql://[^/?#]*@.*")) {
      problems.add("url: must not hold credentials (user:password@); set database.user and database.password_env");
    }
    if (passwordEnv != null && System.getenv(passwordEnv) == null) {
      problems.add("password_env: environment variable " + passwordEnv + " is not set");
    }
    return problems;
  }

  /** For logs: the URL without its query string, which can carry credentials. */
  public String redactedUrl() {
    if (url == null) {
      return "embedded PostgreSQL";
    }
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q) + "?...";
  }
}
