package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issues a batch of GETs to one BMC in parallel, as many at once as its concurrency limit allows:
 * the scrape's own thread takes the paths one after another, and {@code parallel - 1} helpers from
 * a thread pool shared by all BMCs take them beside it (the client's semaphore holds the limit).
 *
 * <p>Why a shared pool: with a pool per BMC whose threads die after a few idle seconds, every
 * scrape of every BMC started new threads (a thousand BMCs every 10 s: 100 thread starts a
 * second), and each new thread began without the per-thread buffers the JSON parser keeps. Shared
 * threads live as long as there is work, about one per scrape in flight; idle ones end after a
 * minute, so quiet BMCs still hold none.
 */
final class Fetcher implements AutoCloseable {
  /** How long a shared helper thread waits for more work before it ends. */
  static final long HELPER_KEEP_ALIVE_SECONDS = 60;

  private final Resources client;
  private final int parallel;
  private final ExecutorService helpers;
  private final RedfishSettings bounds;
  /** System.nanoTime past which the walk under way sends no more requests; set by {@link #beginWalk}. */
  private volatile long walkDeadline = Long.MAX_VALUE;
  private volatile boolean walkTimedOut;

  /** One resource's answer: the document, or why there is none. */
  record Fetched(String path, JsonNode doc, BmcException error) {
    boolean ok() {
      return doc != null;
    }
  }

  /**
   * @param helpers the shared pool ({@link #helperPool()}); it must start a thread for each task
   *     (no queue), as a helper may wait on the BMC's semaphore
   */
  Fetcher(Resources client, int parallel, ExecutorService helpers) {
    this(client, parallel, helpers, RedfishSettings.defaults());
  }

  /** @param bounds the walk's bounds: pages and members per collection, time per walk */
  Fetcher(Resources client, int parallel, ExecutorService helpers, RedfishSettings bounds) {
    this.client = client;
    this.parallel = parallel;
    this.helpers = helpers;
    this.bounds = bounds;
  }

  RedfishSettings bounds() {
    return bounds;
  }

  /** A discover or scrape begins: its requests must begin within {@code walk_timeout} from now. */
  void beginWalk() {
    walkTimedOut = false;
    walkDeadline = System.nanoTime() + bounds.walkTimeout().toNanos();
  }

  /** Whether the walk under way ran out of time (requests were not sent). */
  boolean walkTimedOut() {
    return walkTimedOut;
  }

  /** A pool for the helpers of many fetchers: a thread per task, idle threads kept a minute. */
  static ExecutorService helperPool() {
    AtomicInteger n = new AtomicInteger();
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, HELPER_KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
        new SynchronousQueue<>(), r -> {
          Thread t = new Thread(r, "redfish-fetch-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }

  Resources client() {
    return client;
  }

  Fetched get(String path) {
    if (System.nanoTime() - walkDeadline > 0) {
      walkTimedOut = true;
      return new Fetched(path, null, new BmcException("GET " + client.target() + path, "not sent: the walk took longer "
          + "than walk_timeout " + io.headroom.config.Durations.format(bounds.walkTimeout()), -1));
    }
    try {
      return new Fetched(path, client.get(path), null);
    } catch (BmcException e) {
      return new Fetched(path, null, e);
    } catch (RuntimeException e) {
      return new Fetched(path, null, new BmcException("GET " + client.target() + path, String.valueOf(e), e));
    }
  }

  /** Every path fetched, in the order given; an interrupted wait ends the batch with what came in order. */
  List<Fetched> getAll(List<String> paths) {
    Fetched[] out = new Fetched[paths.size()];
    AtomicInteger next = new AtomicInteger();
    Runnable take = () -> {
      for (int i = next.getAndIncrement(); i < out.length && !Thread.currentThread().isInterrupted();
          i = next.getAndIncrement()) {
        out[i] = get(paths.get(i));
      }
    };
    List<Future<?>> started = new ArrayList<>();
    for (int h = 1; h < Math.min(parallel, paths.size()); h++) {
      started.add(helpers.submit(take));
    }
    take.run();
    for (Future<?> f : started) {
      try {
        f.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        started.forEach(s -> s.cancel(true));
        break;
      } catch (ExecutionException e) {
        // take() catches what get() throws; nothing else can fail it
      }
    }
    List<Fetched> done = new ArrayList<>();
    for (Fetched f : out) {
      if (f == null) {
        break; // interrupted: the collector is stopping
      }
      done.add(f);
    }
    return done;
  }

  /** The shared helpers are the factory's; a fetcher holds no threads of its own. */
  @Override
  public void close() {}
}
