package io.headroom.app.testing;

import io.headroom.embedded.EmbeddedDatabase;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A fresh, empty database for one test: on the PostgreSQL at 127.0.0.1:5432 when it answers (CI
 * and developer machines), else on an embedded PostgreSQL. Dropped afterwards.
 */
public final class TestDatabase implements AutoCloseable {
  private final String adminUrl;
  private final String name;
  private final String host;
  private final int port;
  private final EmbeddedDatabase embedded;

  private TestDatabase(String adminUrl, String name, String host, int port, EmbeddedDatabase embedded) {
    this.adminUrl = adminUrl;
    this.name = name;
    this.host = host;
    this.port = port;
    this.embedded = embedded;
  }

  public static TestDatabase create() throws Exception {
    String name = "headroom_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    EmbeddedDatabase embedded = null;
    String adminUrl;
    int port;
    if (answers("127.0.0.1", 5432)) {
      port = 5432;
      adminUrl = "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";
    } else {
      embedded = EmbeddedDatabase.start(Files.createTempDirectory("headroom-pg"));
      port = embedded.port();
      adminUrl = embedded.jdbcUrl();
    }
    try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    return new TestDatabase(adminUrl, name, "127.0.0.1", port, embedded);
  }

  private static boolean answers(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 500);
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  /** JDBC URL of the test database, optionally through another port (a proxy in front of it). */
  public String url(int viaPort) {
    return "jdbc:postgresql://" + host + ":" + viaPort + "/" + name + "?user=postgres";
  }

  public String url() {
    return url(port);
  }

  public int port() {
    return port;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url());
  }

  @Override
  public void close() throws Exception {
    try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
    if (embedded != null) {
      embedded.close();
    }
  }
}
