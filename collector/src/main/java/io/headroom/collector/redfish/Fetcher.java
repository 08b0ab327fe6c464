package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Issues a batch of GETs to one BMC in parallel, as many at once as its concurrency limit allows
 * (the client's semaphore holds the limit; this pool only saves a scrape from waiting on each
 * answer in turn). Threads die after a few idle seconds, so a thousand quiet BMCs hold no threads.
 */
final class Fetcher implements AutoCloseable {
  private final BmcClient client;
  private final ThreadPoolExecutor pool;

  /** One resource's answer: the document, or why there is none. */
  record Fetched(String path, JsonNode doc, BmcException error) {
    boolean ok() {
      return doc != null;
    }
  }

  Fetcher(BmcClient client, int parallel) {
    this.client = client;
    this.pool = new ThreadPoolExecutor(parallel, parallel, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(r, "redfish " + client.target());
      t.setDaemon(true);
      return t;
    });
    pool.allowCoreThreadTimeOut(true);
  }

  BmcClient client() {
    return client;
  }

  Fetched get(String path) {
    try {
      return new Fetched(path, client.get(path), null);
    } catch (BmcException e) {
      return new Fetched(path, null, e);
    }
  }

  /** Every path fetched, in the order given; an interrupted wait ends the batch with what came. */
  List<Fetched> getAll(List<String> paths) {
    if (paths.size() <= 1) {
      return paths.stream().map(this::get).toList();
    }
    List<Future<Fetched>> futures = new ArrayList<>();
    for (String p : paths) {
      futures.add(pool.submit(() -> get(p)));
    }
    List<Fetched> out = new ArrayList<>();
    for (int i = 0; i < futures.size(); i++) {
      try {
        out.add(futures.get(i).get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        futures.forEach(f -> f.cancel(true));
        return out;
      } catch (ExecutionException e) {
        out.add(new Fetched(paths.get(i), null, new BmcException(
            "GET " + client.target() + paths.get(i), String.valueOf(e.getCause()), e.getCause())));
      }
    }
    return out;
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
