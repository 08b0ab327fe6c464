package io.headroom.collector.spool;

import io.headroom.collector.spool.Segment.Frame;
import io.headroom.collector.spool.Segment.Gap;
import io.headroom.collector.spool.Segment.Slot;
import io.headroom.config.SpoolConfig;
import io.headroom.model.log.RateLimitedLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collector's bounded on-disk queue in front of Kafka. Every message is appended here first
 * and removed only once Kafka has acknowledged it, so nothing collected is lost while Kafka is
 * away (or the collector restarts), up to {@code maxBytes}. Past that the oldest segment is
 * dropped, and the records in it that were never sent are counted and logged. Order is kept:
 * the reader hands records out in the order they were appended.
 *
 * <p>A torn or corrupt frame (a crash mid-write, damage on disk) is skipped: reading goes on at
 * the next intact frame, and the skip is logged with its segment and offset and counted once
 * the cursor passes it. Both totals, records dropped and frames skipped, survive restarts.
 * Warnings that repeat while a condition lasts (the spool full during an outage) are logged at
 * most once a minute, with how many were held back.
 *
 * <p>Files: {@code seg-N.v2.spool} segments of framed records ({@link FrameFormat}; earlier
 * versions' {@code seg-N.spool} are still read), and {@code cursor} ({@link CursorFile}).
 */
public final class Spool implements AutoCloseable {
  private static final Duration WARN_EVERY = Duration.ofMinutes(1);
  private final SpoolConfig config;
  private final Logger log;
  private final RateLimitedLog warnings;
  private final TreeMap<Long, Segment> segments = new TreeMap<>();
  /** Gaps the reader found ahead of the cursor, by where they start: counted when the cursor passes them. */
  private final TreeMap<SpoolPosition, Gap> gapsAhead = new TreeMap<>();
  private SpoolState state;

  public Spool(SpoolConfig config) throws IOException {
    this(config, LoggerFactory.getLogger(Spool.class), System::nanoTime);
  }

  /** @param nanoTime the monotonic clock that spaces repeated warnings */
  Spool(SpoolConfig config, Logger log, LongSupplier nanoTime) throws IOException {
    this.config = config;
    this.log = log;
    this.warnings = new RateLimitedLog(log, WARN_EVERY, nanoTime);
    Files.createDirectories(config.dir());
    openSegments();
    state = CursorFile.read(config.dir(), new SpoolPosition(segments.firstKey(), 0), log);
    if (!segments.containsKey(state.cursor().segment())) {
      Long resume = segments.ceilingKey(state.cursor().segment());
      state = state.at(new SpoolPosition(resume == null ? segments.firstKey() : resume, 0));
    }
  }

  /** Every segment on disk; new records go to a V2 segment after the newest. */
  private void openSegments() throws IOException {
    int earlierFormat = 0;
    try (Stream<Path> files = Files.list(config.dir())) {
      for (Path f : files.toList()) {
        FrameFormat format = FrameFormat.ofFileName(f.getFileName().toString());
        if (format == null) {
          continue;
        }
        long index = Segment.indexOf(f);
        if (segments.containsKey(index)) {
          throw new IOException("spool " + config.dir() + " holds two segments numbered " + index + ": "
              + segments.get(index).file.getFileName() + " and " + f.getFileName() + "; move one away");
        }
        segments.put(index, Segment.open(config.dir(), index, format));
        earlierFormat += format == FrameFormat.V2 ? 0 : 1;
      }
    }
    if (segments.isEmpty() || segments.lastEntry().getValue().format != FrameFormat.V2) {
      long next = segments.isEmpty() ? 0 : segments.lastKey() + 1;
      segments.put(next, Segment.open(config.dir(), next, FrameFormat.V2));
    }
    if (earlierFormat > 0) {
      log.info("spool {}: {} segment(s) written by an earlier version are read as before and removed once sent; "
          + "new records go to {}", config.dir(), earlierFormat, segments.lastEntry().getValue().file.getFileName());
    }
  }

  public synchronized void append(SpoolRecord record) {
    try {
      long size = segments.lastEntry().getValue().append(record.encode());
      if (size >= config.segmentBytes()) {
        long next = segments.lastKey() + 1;
        segments.put(next, Segment.open(config.dir(), next, FrameFormat.V2));
      }
      enforceLimit();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to spool " + config.dir(), e);
    }
  }

  /** Up to {@code max} records from the oldest unacknowledged one, in order, skipping gaps. */
  public synchronized List<SpoolEntry> peek(int max) {
    List<SpoolEntry> out = new ArrayList<>();
    try {
      SpoolPosition at = state.cursor();
      while (out.size() < max) {
        Segment s = segments.get(at.segment());
        Slot slot = s.read(at.offset());
        if (slot == null) {
          Long next = segments.higherKey(at.segment());
          if (next == null) {
            break;
          }
          at = new SpoolPosition(next, 0);
          continue;
        }
        if (slot instanceof Gap g && s == segments.lastEntry().getValue() && g.next() == s.size()) {
          break; // a torn last write: what is appended after it will be read, and then it is a gap
        }
        SpoolRecord record = slot instanceof Frame f ? SpoolRecord.decodeOrNull(f.payload()) : null;
        at = new SpoolPosition(at.segment(), slot.next());
        if (record == null) {
          noteGap(s, new Gap(slot.offset(), slot.next()));
        } else {
          out.add(new SpoolEntry(record, at));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read spool " + config.dir(), e);
    }
    return out;
  }

  /** Everything before {@code upTo} reached Kafka: forget it, and delete finished segments. */
  public synchronized void ack(SpoolPosition upTo) {
    if (upTo.compareTo(state.cursor()) <= 0) {
      return;
    }
    SortedMap<SpoolPosition, Gap> passed = gapsAhead.headMap(upTo);
    state = state.at(upTo).plus(0, passed.size());
    passed.clear();
    try {
      while (state.cursor().segment() > segments.firstKey()) {
        deleteSegment(segments.firstKey());
      }
      CursorFile.write(config.dir(), state);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot update spool cursor in " + config.dir(), e);
    }
  }

  /** Records dropped unsent because the spool was full, since the spool was created. */
  public synchronized long dropped() {
    return state.dropped();
  }

  /** Torn or corrupt frames skipped, since the spool was created. */
  public synchronized long corruptFrames() {
    return state.corruptFrames();
  }

  public synchronized long bytesOnDisk() {
    long total = 0;
    try {
      for (Segment s : segments.values()) {
        total += s.size();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return total;
  }

  private void enforceLimit() throws IOException {
    while (bytesOnDisk() > config.maxBytes() && segments.size() > 1) {
      long oldest = segments.firstKey();
      if (state.cursor().segment() == oldest) {
        dropUnsent(segments.get(oldest));
      }
      deleteSegment(oldest);
    }
  }

  /** Counts what the cursor's segment still holds unsent (from the cursor, not its start) and moves past it. */
  private void dropUnsent(Segment s) throws IOException {
    Segment.Tally lost = s.tallyFrom(state.cursor().offset());
    SortedMap<SpoolPosition, Gap> found = gapsAhead.subMap(new SpoolPosition(s.index, 0), new SpoolPosition(s.index + 1, 0));
    for (Gap g : lost.gaps()) {
      if (!found.containsKey(new SpoolPosition(s.index, g.offset()))) {
        logGap(s, g);
      }
    }
    found.clear();
    state = state.at(new SpoolPosition(segments.higherKey(s.index), 0)).plus(lost.frames(), lost.gaps().size());
    CursorFile.write(config.dir(), state);
    warnings.warn("spool full", "spool {} is full ({} bytes): dropped the {} oldest unsent records ({} dropped in all)",
        config.dir(), config.maxBytes(), lost.frames(), state.dropped());
  }

  /** A gap the reader skipped: logged the first time it is seen, counted when the cursor passes it. */
  private void noteGap(Segment s, Gap g) throws IOException {
    if (gapsAhead.putIfAbsent(new SpoolPosition(s.index, g.offset()), g) == null) {
      logGap(s, g);
    }
  }

  private void logGap(Segment s, Gap g) throws IOException {
    String to = g.next() >= s.size() ? "the end of the segment" : "the next intact frame at offset " + g.next();
    warnings.warn("corrupt frame", "spool segment {}: torn or corrupt frame at offset {}: skipped {} bytes to {}",
        s.file, g.offset(), g.next() - g.offset(), to);
  }

  private void deleteSegment(long index) throws IOException {
    Segment s = segments.remove(index);
    s.close();
    Files.deleteIfExists(s.file);
  }

  @Override
  public synchronized void close() throws IOException {
    for (Segment s : segments.values()) {
      s.close();
    }
    segments.clear();
  }
}
