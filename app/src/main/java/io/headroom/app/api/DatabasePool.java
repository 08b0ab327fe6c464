package io.headroom.app.api;

import io.headroom.analyzer.store.Database;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A few database connections shared by the API's worker threads: a request borrows one, and a
 * connection that failed is remade by the next borrower ({@link Database} reconnects).
 */
final class DatabasePool implements AutoCloseable {
  private final BlockingQueue<Database> idle;

  DatabasePool(String url, String user, String password, int size) {
    this.idle = new ArrayBlockingQueue<>(size);
    for (int i = 0; i < size; i++) {
      idle.add(new Database(url, user, password));
    }
  }

  /** Work on a borrowed connection. */
  interface Work<T> {
    T on(Connection c) throws SQLException;
  }

  <T> T with(Work<T> work) throws SQLException {
    Database db;
    try {
      db = idle.poll(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted waiting for a database connection");
    }
    if (db == null) {
      throw new SQLException("no database connection free within 10 s");
    }
    try {
      return work.on(db.connection());
    } catch (SQLException e) {
      db.discard();
      throw e;
    } finally {
      idle.add(db);
    }
  }

  @Override
  public void close() {
    for (Database db : idle) {
      db.close();
    }
  }
}
