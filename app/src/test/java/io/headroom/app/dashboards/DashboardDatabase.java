package io.headroom.app.dashboards;

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
 * A fresh database for the dashboard tests: on the PostgreSQL at 127.0.0.1:5432 when it answers,
 * else on an embedded PostgreSQL (the same pattern as the spine tests). Dropped afterwards.
 */
final class DashboardDatabase implements AutoCloseable {
  private final String adminUrl;
  private final String url;
  private final String name;
  private final EmbeddedDatabase embedded;

  private DashboardDatabase(String adminUrl, String url, String name, EmbeddedDatabase embedded) {
    this.adminUrl = adminUrl;
    this.url = url;
    this.name = name;
    this.embedded = embedded;
  }

  static DashboardDatabase create() throws Exception {
    String name = "headroom_dash_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    EmbeddedDatabase embedded = null;
    String adminUrl;
    int port;
    if (answers("127.0.0.1", 5432)) {
      port = 5432;
      adminUrl = "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";
    } else {
      embedded = EmbeddedDatabase.start(Files.createTempDirectory("headroom-dash-pg"));
      port = embedded.port();
      adminUrl = embedded.jdbcUrl();
    }
    try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    String url = "jdbc:postgresql://127.0.0.1:" + port + "/" + name + "?user=postgres";
    return new DashboardDatabase(adminUrl, url, name, embedded);
  }

  private static boolean answers(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 500);
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url);
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
