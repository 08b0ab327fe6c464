package io.headroom.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedDatabaseTest {
  @TempDir Path dir;

  @Test
  void answersQueries() throws Exception {
    try (EmbeddedDatabase db = EmbeddedDatabase.start(dir.resolve("pg"));
        Connection c = DriverManager.getConnection(db.jdbcUrl());
        ResultSet rs = c.createStatement().executeQuery("select 6 * 7")) {
      rs.next();
      assertEquals(42, rs.getInt(1));
    }
  }
}
