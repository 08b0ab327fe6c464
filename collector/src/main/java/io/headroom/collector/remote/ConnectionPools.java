package io.headroom.collector.remote;

import java.net.URI;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;

/**
 * Connection pools shared by the remote clients of one source type, each target's connections in
 * one of a fixed number of pools picked by its host and port.
 *
 * <p>Why not one pool per client: every OkHttp pool keeps a cleanup task in OkHttp's one
 * process-wide task runner, which looks through all pools' tasks each time any task runs, and a
 * pool's task runs each time one of its connections goes back to it. A thousand BMCs, each with a
 * pool of its own, made that a scan of a thousand queues per request (the largest single cost in
 * bench/redfish's profile). Why not one pool for all: a request looks through its pool's
 * connections for one to its address, comparing each connection's whole client configuration
 * first, so even 16 pools of 125 connections made that scan a third of the collector's CPU. With
 * 128 pools a thousand BMCs' two thousand connections are about 16 a pool, and the task runner
 * scans 128 queues: both short.
 *
 * <p>Connections idle longer than {@link #KEEP_ALIVE_MINUTES} are closed by the pool; there is no
 * bound on how many idle ones it keeps, since each belongs to a target that is scraped again
 * within its interval.
 */
public final class ConnectionPools {
  public static final int DEFAULT_POOLS = 128;
  /** OkHttp's own default keep-alive. */
  static final long KEEP_ALIVE_MINUTES = 5;

  private final ConnectionPool[] pools;

  public ConnectionPools(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("at least one pool, was " + count);
    }
    pools = new ConnectionPool[count];
    for (int i = 0; i < count; i++) {
      pools[i] = new ConnectionPool(Integer.MAX_VALUE, KEEP_ALIVE_MINUTES, TimeUnit.MINUTES);
    }
  }

  /** The pool of the target at {@code url}: always the same one for the same host and port. */
  ConnectionPool forTarget(URI url) {
    String key = url.getHost() + ":" + url.getPort();
    return pools[Math.floorMod(key.hashCode(), pools.length)];
  }

  /** Closes every idle connection (when the source type's last client is gone). */
  public void evictAll() {
    for (ConnectionPool p : pools) {
      p.evictAll();
    }
  }
}
