package io.headroom.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class PostgresServerTest {
  @Test
  void hostAndPortSplitAtTheLastColon() {
    assertEquals(new PostgresServer("127.0.0.1", 5433), PostgresServer.parse("127.0.0.1:5433"));
    assertEquals(new PostgresServer("::1", 5432), PostgresServer.parse("::1:5432"));
    assertEquals("db.lab:6543", PostgresServer.parse("db.lab:6543").toString());
    assertEquals("jdbc:postgresql://db.lab:6543/headroom?user=postgres", PostgresServer.parse("db.lab:6543").jdbcUrl("headroom"));
  }

  @Test
  void anAddressWithoutAPortIsRefusedNamingIt() {
    for (String bad : new String[] {"127.0.0.1", "127.0.0.1:", ":5432", "127.0.0.1:pg"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PostgresServer.parse(bad));
      assertEquals("\"" + bad + "\" is not host:port", e.getMessage());
    }
  }

  /** A real listening socket answers; the same port once it is closed does not. */
  @Test
  void answersOnlyWhileSomethingListens() throws Exception {
    PostgresServer server;
    try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      server = new PostgresServer("127.0.0.1", listening.getLocalPort());
      assertTrue(server.answers());
    }
    assertFalse(server.answers());
  }
}
