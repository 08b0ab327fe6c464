package io.headroom.analyzer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class SqlFailureTest {
  private static SqlFailure of(String state) {
    return SqlFailure.of(new SQLException("m", state));
  }

  @Test
  void contentIsDataExceptionIntegrityAndProgramLimitClasses() {
    assertEquals(SqlFailure.CONTENT, of("22021")); // character not in repertoire (a NUL)
    assertEquals(SqlFailure.CONTENT, of("22P05")); // untranslatable character (jsonb \u0000)
    assertEquals(SqlFailure.CONTENT, of("23505")); // unique violation
    assertEquals(SqlFailure.CONTENT, of("54000")); // index row too big
  }

  @Test
  void outagesAreConnectionResourceAndOperatorClasses() {
    assertEquals(SqlFailure.OUTAGE, of("08006")); // connection failure
    assertEquals(SqlFailure.OUTAGE, of("57P01")); // admin shutdown
    assertEquals(SqlFailure.OUTAGE, of("53100")); // disk full
    assertEquals(SqlFailure.OUTAGE, of("40001")); // serialization failure
    assertEquals(SqlFailure.OUTAGE, of(null)); // the driver lost the connection before an answer
  }

  @Test
  void aWrongSchemaIsNeitherAndIsRetried() {
    assertEquals(SqlFailure.SETUP, of("42P01")); // undefined table
    assertEquals(SqlFailure.SETUP, of("21000")); // class 21, next to 22: not content
  }

  @Test
  void theServersStateIsFoundThroughWrappers() {
    SQLException server = new SQLException("invalid byte sequence", "22021");
    SQLException wrapped = new SQLException("COPY failed", null, new IOException("write failed", server));
    assertEquals("22021", SqlFailure.sqlState(wrapped));
    assertEquals(SqlFailure.CONTENT, SqlFailure.of(wrapped));
  }
}
