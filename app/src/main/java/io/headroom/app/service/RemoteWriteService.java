package io.headroom.app.service;

import io.headroom.analyzer.ingest.ForwardLoop;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.remotewrite.EntityKinds;
import io.headroom.analyzer.remotewrite.Forwarding;
import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.RemoteWriteClient;
import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.analyzer.store.Database;
import io.headroom.collector.source.MetricCatalog;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.config.RemoteWriteTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The analyzer's remote write (docs/prometheus.md): one {@link ForwardLoop} per endpoint of the
 * testbed's {@code remote_write:}, each on its own thread under {@link Supervision#lifelong}, so
 * a loop that dies stops the analyzer (exit 1) rather than stop forwarding in silence.
 */
public final class RemoteWriteService implements AutoCloseable {
  private final List<ForwardLoop> loops = new ArrayList<>();
  private final List<RemoteWriteSender> senders = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  private final List<Database> databases = new ArrayList<>();
  private final Supervision supervision = new Supervision();
  private volatile boolean closing;

  /**
   * @param dbUrl where the entity table is (the {@code kind} label), read with its own connection
   * @param env where the endpoints' secrets are read
   */
  public RemoteWriteService(List<RemoteWriteTarget> targets, IngestConfig ingest, String dbUrl, String user,
      String password, Map<String, String> env) {
    PromNames names = names();
    for (RemoteWriteTarget t : targets) {
      if (!t.fromAnalyzer()) {
        continue; // from: collector: the collector forwards its own scrapes there (collector.forward), not twice
      }
      RemoteWriteSender sender = new RemoteWriteSender(new RemoteWriteClient(t, env));
      Database db = new Database(dbUrl, user, password);
      databases.add(db);
      ForwardLoop loop = new ForwardLoop(ingest, new Forwarding(names, new EntityKinds(db), sender));
      senders.add(sender);
      loops.add(loop);
      Thread thread = new Thread(supervision.lifelong("remote write " + t.name(), loop, () -> closing),
          "headroom-remote-write-" + t.name());
      thread.setDaemon(true);
      threads.add(thread);
    }
  }

  /** Prometheus names of every metric declared (the one catalog). */
  public static PromNames names() {
    return new PromNames(SourceRegistry.allCatalogs().stream().map(MetricCatalog::metrics).flatMap(List::stream)
        .toList());
  }

  /** Completes with a reason when a loop stops without being asked to. */
  public java.util.concurrent.CompletableFuture<String> failure() {
    return supervision.failure();
  }

  public RemoteWriteService start() {
    threads.forEach(Thread::start);
    return this;
  }

  /** Each endpoint's sender: its counters for /metrics. */
  public List<RemoteWriteSender> senders() {
    return List.copyOf(senders);
  }

  @Override
  public void close() throws InterruptedException {
    closing = true;
    loops.forEach(ForwardLoop::close);
    for (Thread t : threads) {
      t.join(10_000);
    }
    databases.forEach(Database::close);
  }
}
