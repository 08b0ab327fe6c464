package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.standin.StandinServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import okhttp3.ConnectionPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Clients of many targets sharing pools: each target always in the same pool, connections reused, none lost on close. */
class ConnectionPoolsTest {
  @TempDir Path dir;

  private static RemoteHttpClient client(StandinServer server, ConnectionPools pools) throws Exception {
    return RemoteHttpClient.builder(RemoteEndpoint.of(server.baseUri()).withPlaintext(true), Credentials.NONE)
        .connectionPools(pools).build();
  }

  @Test
  void aTargetAlwaysGetsTheSamePool() {
    ConnectionPools pools = new ConnectionPools(ConnectionPools.DEFAULT_POOLS);
    ConnectionPool a = pools.forTarget(URI.create("https://idrac-r750a:443/redfish/v1"));
    assertSame(a, pools.forTarget(URI.create("https://idrac-r750a:443")));
    assertThrows(IllegalArgumentException.class, () -> new ConnectionPools(0));
  }

  @Test
  void twoTargetsInOnePoolEachReuseTheirConnectionAndClosingOneLeavesTheOther() throws Exception {
    Files.writeString(dir.resolve("x.json"), "{\"Id\":\"x\"}");
    ConnectionPools pools = new ConnectionPools(1);
    try (StandinServer s1 = StandinServer.serve(dir); StandinServer s2 = StandinServer.serve(dir)) {
      RemoteHttpClient c1 = client(s1, pools);
      RemoteHttpClient c2 = client(s2, pools);
      ConnectionPool pool = pools.forTarget(s1.baseUri());
      assertEquals(200, c1.get("/x.json").status());
      assertEquals(200, c2.get("/x.json").status());
      assertEquals(2, pool.connectionCount(), "one connection per target");
      c1.close();
      // the other target's connection is still there and is used again: no third connection
      assertEquals(200, c2.get("/x.json").status());
      assertEquals(2, pool.connectionCount());
      c2.close();
      pools.evictAll();
      assertEquals(0, pool.connectionCount());
    }
  }
}
