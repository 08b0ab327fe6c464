package io.headroom.app.testing;

import io.headroom.embedded.EmbeddedDatabase;
import io.headroom.embedded.PostgresServer;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;

/**
 * A fresh, empty database for one test, dropped afterwards. Which server it is on is the test
 * run's choice, not the test's:
 *
 * <ul>
 *   <li>the TimescaleDB path: the server named by the system property {@value #TIMESCALE} (the
 *       surefire execution "timescaledb" in app/pom.xml sets it from HEADROOM_TIMESCALE_PG, which
 *       .ci/timescaledb.sh provides); that server must run TimescaleDB, or the test fails;
 *   <li>the plain path, otherwise: the PostgreSQL at 127.0.0.1:5432 when it answers (CI and
 *       developer machines), else an embedded PostgreSQL.
 * </ul>
 *
 * Each database created prints one line naming the test, the path and the server, as the server
 * itself reports them, so a test run's output shows where every test ran.
 */
public final class TestDatabase implements AutoCloseable {
  /**
   * The store settings for tests whose samples carry fixed dates (the spine's T0 of 2026-11-29,
   * the scenario recordings): a retention long enough that TimescaleDB's retention job, which runs
   * as soon as the policy is added, never drops their chunks in the middle of a test, whatever the
   * date the tests run on. Tests of retention itself use StoreConfig.DEFAULTS.
   */
  public static final io.headroom.analyzer.store.StoreConfig KEEPING_FIXED_DATES =
      new io.headroom.analyzer.store.StoreConfig(36_500, 7, true);

  /** host:port of a server with TimescaleDB preloaded: the TimescaleDB path. */
  public static final String TIMESCALE = "headroom.test.timescale";
  /** host:port of a server where the timescaledb extension is installed but not preloaded. */
  public static final String TIMESCALE_NOT_PRELOADED = "headroom.test.timescale.unloaded";

  private final String adminUrl;
  private final String name;
  private final String host;
  private final int port;
  private final EmbeddedDatabase embedded;
  private final ServerKind server;

  private TestDatabase(String adminUrl, String name, String host, int port, EmbeddedDatabase embedded,
      ServerKind server) {
    this.adminUrl = adminUrl;
    this.name = name;
    this.host = host;
    this.port = port;
    this.embedded = embedded;
    this.server = server;
  }

  /** A database on the server of this test run's path (see the class comment). */
  public static TestDatabase create() throws Exception {
    Optional<String> timescale = serverProperty(TIMESCALE);
    if (timescale.isPresent()) {
      TestDatabase db = createOn(timescale.get());
      if (!db.server.timescalePreloaded()) {
        db.close();
        throw new IllegalStateException(TIMESCALE + "=" + timescale.get() + " names " + db.server.describe()
            + ", not a server with TimescaleDB preloaded; start one with .ci/timescaledb.sh (docs/testing.md)");
      }
      return db;
    }
    if (new PostgresServer("127.0.0.1", 5432).answers()) {
      return createOn("127.0.0.1:5432");
    }
    EmbeddedDatabase embedded = EmbeddedDatabase.start(Files.createTempDirectory("headroom-pg"));
    try {
      return create(embedded.jdbcUrl(), "127.0.0.1", embedded.port(), embedded);
    } catch (Exception e) {
      embedded.close();
      throw e;
    }
  }

  /** A database on the server at host:port (user postgres, trust authentication). */
  public static TestDatabase createOn(String hostPort) throws Exception {
    PostgresServer server = PostgresServer.parse(hostPort);
    if (!server.answers()) {
      throw new IllegalStateException("no PostgreSQL answers at " + hostPort);
    }
    return create(server.jdbcUrl("postgres"), server.host(), server.port(), null);
  }

  /**
   * A system property naming a server, if the run set it. Maven leaves {@code ${env.X}} as it is
   * when X is not set, which counts as unset.
   */
  public static Optional<String> serverProperty(String property) {
    String value = System.getProperty(property, "").trim();
    return value.isEmpty() || value.startsWith("${") ? Optional.empty() : Optional.of(value);
  }

  private static TestDatabase create(String adminUrl, String host, int port, EmbeddedDatabase embedded)
      throws SQLException {
    String name = "headroom_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    ServerKind server;
    try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
      server = ServerKind.of(c, host + ":" + port);
    }
    System.out.printf("[test database] %s: %s (database %s)%n", caller(), server.describe(), name);
    return new TestDatabase(adminUrl, name, host, port, embedded, server);
  }

  /** The test class and method that asked for the database. */
  private static String caller() {
    return StackWalker.getInstance().walk(frames -> frames
        .filter(f -> f.getClassName().endsWith("Test"))
        .findFirst()
        .map(f -> f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "." + f.getMethodName())
        .orElse("?"));
  }

  /** JDBC URL of the test database, optionally through another port (a proxy in front of it). */
  public String url(int viaPort) {
    return new PostgresServer(host, viaPort).jdbcUrl(name);
  }

  public String url() {
    return url(port);
  }

  public int port() {
    return port;
  }

  /** What the server runs, as it said when this database was created. */
  public ServerKind server() {
    return server;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url());
  }

  /** The analyzer's connection to this database, its schema brought up with {@link #KEEPING_FIXED_DATES}. */
  public io.headroom.analyzer.store.Database migrated() throws SQLException {
    io.headroom.analyzer.store.Database database = new io.headroom.analyzer.store.Database(url(), null, null);
    try {
      io.headroom.analyzer.store.Migrations.migrateAndMaintain(database.connection(), KEEPING_FIXED_DATES);
      return database;
    } catch (SQLException | RuntimeException e) {
      database.close();
      throw e;
    }
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

  /**
   * A server as it describes itself: its PostgreSQL version, the timescaledb version its files
   * offer (null when none) and whether it preloads the library. Read as superuser from
   * shared_preload_libraries, not the way the analyzer's migrations decide, so a test that
   * compares the two checks one against the other.
   */
  public record ServerKind(String address, String postgresVersion, String timescaleAvailable, boolean preloaded) {
    static ServerKind of(Connection c, String address) throws SQLException {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT current_setting('server_version'), "
              + "(SELECT default_version FROM pg_available_extensions WHERE name = 'timescaledb'), "
              + "'timescaledb' = ANY (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ','))")) {
        rs.next();
        return new ServerKind(address, rs.getString(1).split(" ")[0], rs.getString(2), rs.getBoolean(3));
      }
    }

    public boolean timescalePreloaded() {
      return timescaleAvailable != null && preloaded;
    }

    public String describe() {
      if (timescalePreloaded()) {
        return "TimescaleDB " + timescaleAvailable + " (PostgreSQL " + postgresVersion + ") at " + address;
      }
      if (timescaleAvailable != null) {
        return "PostgreSQL " + postgresVersion + " with timescaledb " + timescaleAvailable
            + " installed but not preloaded at " + address;
      }
      return "plain PostgreSQL " + postgresVersion + " at " + address;
    }
  }
}
