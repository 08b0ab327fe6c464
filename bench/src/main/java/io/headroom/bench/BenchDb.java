package io.headroom.bench;

import io.headroom.embedded.EmbeddedDatabase;
import io.headroom.embedded.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A database of its own for one benchmark run, dropped at close (the run script also drops it on
 * any exit, in case this JVM is killed): on the server at {@code hostPort} when it answers, else on
 * an embedded PostgreSQL in {@code work}. psql reaches it the same way the analyzer does.
 */
final class BenchDb implements AutoCloseable {
  final String url;
  final String name;
  final String host;
  final int port;
  private final String adminUrl;
  private final EmbeddedDatabase embedded;

  private BenchDb(String host, int port, String name, String adminUrl, EmbeddedDatabase embedded) {
    this.host = host;
    this.port = port;
    this.name = name;
    this.adminUrl = adminUrl;
    this.embedded = embedded;
    this.url = new PostgresServer(host, port).jdbcUrl(name);
  }

  static BenchDb create(String hostPort, String name, Path work) throws Exception {
    PostgresServer server = PostgresServer.parse(hostPort);
    String host = server.host();
    int port = server.port();
    EmbeddedDatabase embedded = null;
    String admin = server.jdbcUrl("postgres");
    if (!server.answers()) {
      System.out.printf("no PostgreSQL at %s; using an embedded one%n", hostPort);
      embedded = EmbeddedDatabase.start(work.resolve("pg"));
      host = "127.0.0.1";
      port = embedded.port();
      admin = embedded.jdbcUrl();
    }
    try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    return new BenchDb(host, port, name, admin, embedded);
  }

  void execute(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /**
   * Empties the sample table for a timed load and leaves the machine nothing to write back: the
   * CHECKPOINT writes the server's dirty pages and sync(1) the rest of the page cache (the peers'
   * export files, the broker's log). Without the sync the kernel began writing those back up to
   * 30 s after they were written (vm.dirty_expire_centisecs), inside whichever load ran then.
   */
  void emptySampleTable() throws Exception {
    execute("TRUNCATE sample");
    execute("CHECKPOINT");
    Process sync = new ProcessBuilder("sync").inheritIO().start();
    if (sync.waitFor() != 0) {
      throw new IllegalStateException("sync exited " + sync.exitValue());
    }
  }

  long count(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  List<String> lines(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /** Runs one psql meta-command or statement against this database; fails on a non-zero exit. */
  void psql(String command) throws Exception {
    List<String> cmd = List.of("psql", "-q", "-v", "ON_ERROR_STOP=1", "-h", host, "-p", Integer.toString(port),
        "-U", "postgres", "-d", name, "-c", command);
    ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
    pb.environment().put("PGAPPNAME", BackendCpu.PSQL_APP); // so its backend's CPU can be told apart
    Process p = pb.start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("psql -c \"" + command + "\" on " + name + " exited " + p.exitValue());
    }
  }

  @Override
  public void close() throws Exception {
    try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      System.out.printf("dropped database %s%n", name);
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }
}
