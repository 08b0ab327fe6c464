package io.headroom.app.service;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.ingest.IngestLoop;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StorageFlavor;
import io.headroom.analyzer.store.StoreConfig;
import java.sql.SQLException;

/** A running analyzer: schema migrated at start, then the ingest loop on its own thread. */
public final class AnalyzerService implements AutoCloseable {
  private final IngestLoop loop;
  private final Thread thread;
  private final StorageFlavor flavor;

  public AnalyzerService(IngestConfig ingest, String dbUrl, String user, String password, StoreConfig store)
      throws SQLException {
    try (Database migrationDb = new Database(dbUrl, user, password)) {
      this.flavor = Migrations.migrateAndMaintain(migrationDb.connection(), store);
    }
    this.loop = new IngestLoop(ingest, new Database(dbUrl, user, password));
    this.thread = new Thread(loop, "headroom-ingest");
    thread.setDaemon(true);
    thread.start();
  }

  public StorageFlavor flavor() {
    return flavor;
  }

  public long samplesStored() {
    return loop.samplesStored();
  }

  @Override
  public void close() throws InterruptedException {
    loop.close();
    thread.join(10_000);
  }
}
