package io.headroom.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The analyzer's HTTP API ({@code api:}, docs/api.md).
 *
 * @param listen HOST:PORT to serve on; null means no API
 * @param tokenEnv the environment variable holding the bearer token
 * @param tokenFile a file holding the bearer token (read at start; wins over the variable)
 * @param grafanaUrl Grafana's base URL as people reach it; each report page then links its run's
 *     window on the data path headroom dashboard; null: no link
 */
public record ApiConfig(String listen, String tokenEnv, Path tokenFile, java.net.URI grafanaUrl) {
  public static final String DEFAULT_TOKEN_ENV = "HEADROOM_API_TOKEN";
  public static final ApiConfig NONE = new ApiConfig(null, null, null);

  public ApiConfig(String listen, String tokenEnv, Path tokenFile) {
    this(listen, tokenEnv, tokenFile, null);
  }

  public ApiConfig {
    tokenEnv = tokenEnv == null || tokenEnv.isBlank() ? DEFAULT_TOKEN_ENV : tokenEnv;
  }

  /** This configuration serving on {@code hostPort} instead (the command line's --http). */
  public ApiConfig listeningOn(String hostPort) {
    return new ApiConfig(hostPort, tokenEnv, tokenFile, grafanaUrl);
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (listen != null) {
      try {
        HostPort.parse(listen);
      } catch (IllegalArgumentException e) {
        problems.add("listen: " + e.getMessage());
      }
    }
    if (grafanaUrl != null && (!"https".equals(grafanaUrl.getScheme()) && !"http".equals(grafanaUrl.getScheme())
        || grafanaUrl.getHost() == null || grafanaUrl.getRawQuery() != null)) {
      problems.add("grafana_url: must be an http(s) URL with a host and no query");
    }
    return problems;
  }

  /** A HOST:PORT pair; an IPv6 host in brackets ([::1]:8080). */
  public record HostPort(String host, int port) {
    public static HostPort parse(String text) {
      int colon = text.lastIndexOf(':');
      if (colon <= 0 || colon == text.length() - 1) {
        throw new IllegalArgumentException("must be HOST:PORT, got \"" + text + "\"");
      }
      String host = text.substring(0, colon);
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      int port;
      try {
        port = Integer.parseInt(text.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("port must be a number, got \"" + text.substring(colon + 1) + "\"");
      }
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be 0..65535, got " + port);
      }
      return new HostPort(host, port);
    }
  }
}
