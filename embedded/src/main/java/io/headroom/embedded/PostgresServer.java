package io.headroom.embedded;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A PostgreSQL server named "host:port" (user postgres, trust authentication), as the tests and
 * the benchmarks take one: they use the server when it answers, else an embedded one.
 */
public record PostgresServer(String host, int port) {
  /** How long a server that is there takes to accept a connection, at most, on a loaded machine. */
  private static final int CONNECT_TIMEOUT_MS = 500;

  /** "host:port" (the last colon splits, so an IPv6 host may keep its own). */
  public static PostgresServer parse(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    try {
      if (colon > 0) {
        return new PostgresServer(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
      }
    } catch (NumberFormatException e) {
      // the same answer as no port at all, below
    }
    throw new IllegalArgumentException("\"" + hostPort + "\" is not host:port");
  }

  /** Whether something accepts a TCP connection there: a server to use, or none to fall back from. */
  public boolean answers() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** JDBC URL of {@code database} on this server as user postgres. */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database + "?user=postgres";
  }

  @Override
  public String toString() {
    return host + ":" + port;
  }
}
