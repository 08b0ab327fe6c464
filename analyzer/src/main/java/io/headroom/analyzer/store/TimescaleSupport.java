package io.headroom.analyzer.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What a server offers of TimescaleDB, read without touching the library.
 *
 * <p>pg_available_extensions lists timescaledb as soon as its files are installed, but the library
 * works only when the server preloads it: otherwise CREATE EXTENSION, or any call into an installed
 * extension, ends the connection with FATAL "extension timescaledb must be preloaded". The
 * shared_preload_libraries setting itself is readable only by superusers and pg_read_all_settings.
 * So the library is recognised by a setting it registers at server start, and only then:
 * {@code timescaledb.max_background_workers}, of context postmaster. A value for it in
 * postgresql.conf without the library stays a placeholder, which pg_settings does not list (though
 * current_setting() returns it); app's TimescaleDecisionTest runs this against such a server.
 *
 * @param availableVersion the extension version the server's files offer, null when none
 * @param preloaded whether the server runs with the timescaledb library loaded
 */
record TimescaleSupport(String availableVersion, boolean preloaded) {
  static TimescaleSupport of(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT "
            + "(SELECT default_version FROM pg_available_extensions WHERE name = 'timescaledb'), "
            + "EXISTS (SELECT 1 FROM pg_settings WHERE name = 'timescaledb.max_background_workers' "
            + "AND context = 'postmaster')")) {
      rs.next();
      return new TimescaleSupport(rs.getString(1), rs.getBoolean(2));
    }
  }

  boolean usable() {
    return availableVersion != null && preloaded;
  }

  /** Why the samples go where they go, for the log. */
  String describe() {
    if (usable()) {
      return "TimescaleDB " + availableVersion + " is preloaded";
    }
    if (availableVersion == null) {
      return "the server has no timescaledb extension";
    }
    return "timescaledb " + availableVersion + " is installed but not preloaded (add it to "
        + "shared_preload_libraries and restart the server to use it; a database keeps the layout "
        + "it was first given)";
  }
}
