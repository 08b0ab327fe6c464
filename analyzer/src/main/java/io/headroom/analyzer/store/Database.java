package io.headroom.analyzer.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * One JDBC connection that is remade when it breaks. The password is held only here and never
 * printed: {@link #toString()} and every error name the URL without its query string.
 */
public final class Database implements AutoCloseable {
  private final String url;
  private final Properties props = new Properties();
  private Connection connection;

  public Database(String url, String user, String password) {
    this.url = url;
    if (user != null) {
      props.setProperty("user", user);
    }
    if (password != null) {
      props.setProperty("password", password);
    }
    // Fail fast while the server is away, instead of hanging the ingest loop.
    props.setProperty("connectTimeout", "5");
    props.setProperty("socketTimeout", "60");
    props.setProperty("tcpKeepAlive", "true");
  }

  private Database(String url, Properties props) {
    this.url = url;
    this.props.putAll(props);
  }

  /** Another connection to the same database, for another thread: one Database is one thread's. */
  public Database another() {
    return new Database(url, props);
  }

  /** A working connection, made anew when there is none or the last one failed. */
  public Connection connection() throws SQLException {
    if (connection == null || connection.isClosed()) {
      try {
        connection = DriverManager.getConnection(url, props);
      } catch (SQLException e) {
        throw new SQLException("cannot connect to " + redacted() + ": " + e.getMessage(), e.getSQLState(), e);
      }
    }
    return connection;
  }

  /** Drops the connection after a failure, so the next call reconnects. */
  public void discard() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // It is already broken; closing is only housekeeping.
      }
      connection = null;
    }
  }

  public String redacted() {
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q) + "?...";
  }

  @Override
  public String toString() {
    return redacted();
  }

  @Override
  public void close() {
    discard();
  }
}
