package io.headroom.collector.forward;

import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolEntry;
import io.headroom.collector.spool.SpoolPosition;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.log.RateLimitedLog;
import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.Readings;
import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.remotewrite.SeriesLabels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains one endpoint's spool ({@link RemoteWriteSink} appends to it) into the endpoint, with the
 * Kafka publisher's discipline: up to {@value #BATCH} records in order, sent as remote-write
 * requests by the analyzer's own {@link RemoteWriteSender} (5xx, 429 and no answer retried with
 * backoff, nothing later sent past them; any other 4xx counted and dropped), and removed from the
 * spool only once the endpoint has written or refused them. While the endpoint is down the spool
 * holds them (bounded: full, its oldest are dropped, counted and logged), and scraping goes on:
 * the sink only appends to disk.
 *
 * <p>Nothing sent twice that Prometheus would refuse. Before a unit is sent, the spool position it
 * ends at is written to {@value #INTENT} in the spool's directory, and removed once the spool is
 * acknowledged past it. A collector that stops between the endpoint's answer and that
 * acknowledgement finds the intent at its next start and sends exactly that range again, alone,
 * as the same requests ({@link Readings} sorts its series): a request written before adds nothing,
 * and no request mixes samples written with samples not written yet, which Prometheus would
 * refuse whole (docs/prometheus.md, the analyzer's {@code ForwardLoop} does the same with Kafka
 * offsets).
 */
public final class SpoolForwarder implements Runnable, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SpoolForwarder.class);
  static final int BATCH = 1000;
  static final String INTENT = "remote-write-intent";
  private static final long IDLE_WAIT_MS = 200;

  private final Spool spool;
  private final Path intentFile;
  private final RemoteWriteSender sender;
  private final SeriesLabels labels;
  /** testbed|entity to its kind, from the records' keys: read on this thread only. */
  private final Map<String, String> kinds = new HashMap<>();
  private final AtomicLong undecodable = new AtomicLong();
  private final RateLimitedLog undecodableLog = new RateLimitedLog(LOG, Duration.ofMinutes(1));
  private final Object wakeup = new Object();
  private SpoolPosition replayUntil;
  private volatile boolean running = true;

  /** @param dir the spool's directory, where the intent is kept */
  public SpoolForwarder(Spool spool, Path dir, RemoteWriteSender sender, PromNames names) {
    this.spool = spool;
    this.intentFile = dir.resolve(INTENT);
    this.sender = sender;
    this.labels = new SeriesLabels(names, (testbed, entity) -> kinds.get(testbed + "|" + entity));
    this.replayUntil = readIntent();
    if (replayUntil != null) {
      LOG.info("remote_write {}: sending again the records up to {} of the spool, sent before a stop and not known "
          + "to be written", sender.name(), replayUntil);
    }
  }

  public RemoteWriteSender sender() {
    return sender;
  }

  /** Wakes the forwarder after records were appended. */
  public void nudge() {
    synchronized (wakeup) {
      wakeup.notifyAll();
    }
  }

  @Override
  public void run() {
    try {
      while (running) {
        if (!forwardOnce()) {
          synchronized (wakeup) {
            wakeup.wait(IDLE_WAIT_MS);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Sends the spool's oldest records (those of an intent alone, first) and acknowledges them;
   * false when there was nothing to send or a stop came before the endpoint answered.
   */
  boolean forwardOnce() throws InterruptedException {
    List<SpoolEntry> entries = spool.peek(BATCH);
    if (replayUntil != null) {
      List<SpoolEntry> replay = new ArrayList<>();
      for (SpoolEntry e : entries) {
        if (e.next().compareTo(replayUntil) <= 0) {
          replay.add(e);
        }
      }
      if (replay.isEmpty()) {
        replayUntil = null; // acknowledged before the stop, only the intent was left
        deleteIntent();
      }
      entries = replay.isEmpty() ? entries : replay;
    }
    if (entries.isEmpty()) {
      return false;
    }
    SpoolPosition end = entries.get(entries.size() - 1).next();
    writeIntent(end);
    Readings readings = new Readings(labels);
    for (SpoolEntry e : entries) {
      add(readings, e);
    }
    if (!sender.sendAll(readings.requests(sender.maxSamplesPerSend()), () -> !running)) {
      return false; // stopped: the intent stays for the next start
    }
    spool.ack(end);
    deleteIntent();
    replayUntil = null;
    return true;
  }

  private void add(Readings readings, SpoolEntry e) {
    SampleBatch batch;
    try {
      batch = SampleBatchCodec.decode(e.record().value());
    } catch (RuntimeException bad) {
      undecodable.incrementAndGet();
      undecodableLog.warn("undecodable", "remote_write {}: a spooled record is not a sample batch ({}); skipped",
          sender.name(), bad.getMessage());
      return;
    }
    if (e.record().key() != null) {
      kinds.put(batch.testbed() + "|" + batch.entity(), new String(e.record().key(), StandardCharsets.UTF_8));
    }
    readings.add(batch);
  }

  /** Spooled records skipped for not decoding (damage past the frame's checksum). */
  public long undecodable() {
    return undecodable.get();
  }

  private SpoolPosition readIntent() {
    try {
      if (!Files.exists(intentFile)) {
        return null;
      }
      String[] parts = Files.readString(intentFile).trim().split(" ");
      return new SpoolPosition(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
    } catch (IOException | RuntimeException e) {
      LOG.warn("remote_write {}: intent {} not read ({}); sending from the spool's cursor as usual", sender.name(),
          intentFile, e.toString());
      return null;
    }
  }

  private void writeIntent(SpoolPosition end) {
    try {
      Path tmp = intentFile.resolveSibling(INTENT + ".tmp");
      Files.writeString(tmp, end.segment() + " " + end.offset() + "\n");
      Files.move(tmp, intentFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write remote-write intent " + intentFile, e);
    }
  }

  private void deleteIntent() {
    try {
      Files.deleteIfExists(intentFile);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove remote-write intent " + intentFile, e);
    }
  }

  /** Stops after the request in flight (a retry's wait included); what is not sent stays spooled. */
  @Override
  public void close() {
    running = false;
    nudge();
  }
}
