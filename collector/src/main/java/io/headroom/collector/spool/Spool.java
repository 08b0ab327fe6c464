package io.headroom.collector.spool;

import io.headroom.config.SpoolConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
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
 * <p>Files: {@code seg-N.spool} segments of framed records, and {@code cursor} holding the read
 * position (segment, offset) of the first record not yet acknowledged.
 */
public final class Spool implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Spool.class);
  private final SpoolConfig config;
  private final TreeMap<Long, Segment> segments = new TreeMap<>();
  private SpoolPosition cursor;
  private long dropped;

  public Spool(SpoolConfig config) throws IOException {
    this.config = config;
    Files.createDirectories(config.dir());
    try (Stream<Path> files = Files.list(config.dir())) {
      for (Path f : files.filter(p -> p.getFileName().toString().matches("seg-\\d{20}\\.spool")).toList()) {
        long index = Segment.indexOf(f);
        segments.put(index, Segment.open(config.dir(), index));
      }
    }
    if (segments.isEmpty()) {
      segments.put(0L, Segment.open(config.dir(), 0));
    }
    cursor = readCursor();
    if (cursor.segment() < segments.firstKey()) {
      cursor = new SpoolPosition(segments.firstKey(), 0);
    }
  }

  public synchronized void append(SpoolRecord record) {
    try {
      long size = segments.lastEntry().getValue().append(record.encode());
      if (size >= config.segmentBytes()) {
        long next = segments.lastKey() + 1;
        segments.put(next, Segment.open(config.dir(), next));
      }
      enforceLimit();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to spool " + config.dir(), e);
    }
  }

  /** Up to {@code max} records from the oldest unacknowledged one, in order. */
  public synchronized List<SpoolEntry> peek(int max) {
    List<SpoolEntry> out = new ArrayList<>();
    try {
      long seg = cursor.segment();
      long offset = cursor.offset();
      while (out.size() < max) {
        Segment s = segments.get(seg);
        if (s == null) {
          break;
        }
        byte[] payload = s.read(offset);
        if (payload == null) {
          if (seg == segments.lastKey()) {
            break;
          }
          seg = segments.higherKey(seg);
          offset = 0;
          continue;
        }
        offset += Segment.FRAME_HEADER + payload.length;
        out.add(new SpoolEntry(SpoolRecord.decode(payload), new SpoolPosition(seg, offset)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read spool " + config.dir(), e);
    }
    return out;
  }

  /** Everything before {@code upTo} reached Kafka: forget it, and delete finished segments. */
  public synchronized void ack(SpoolPosition upTo) {
    if (upTo.compareTo(cursor) <= 0) {
      return;
    }
    cursor = upTo;
    try {
      while (cursor.segment() > segments.firstKey()) {
        deleteSegment(segments.firstKey());
      }
      writeCursor();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot update spool cursor in " + config.dir(), e);
    }
  }

  /** Records dropped because the spool was full, since this spool was opened. */
  public synchronized long dropped() {
    return dropped;
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
      if (cursor.segment() == oldest) {
        long lost = segments.get(oldest).countFrom(cursor.offset());
        dropped += lost;
        LOG.warn("spool {} is full ({} bytes): dropped the {} oldest unsent records ({} dropped in all)",
            config.dir(), config.maxBytes(), lost, dropped);
        cursor = new SpoolPosition(segments.higherKey(oldest), 0);
        writeCursor();
      }
      deleteSegment(oldest);
    }
  }

  private void deleteSegment(long index) throws IOException {
    Segment s = segments.remove(index);
    s.close();
    Files.deleteIfExists(s.file);
  }

  private SpoolPosition readCursor() throws IOException {
    Path f = config.dir().resolve("cursor");
    if (!Files.exists(f)) {
      return new SpoolPosition(segments.firstKey(), 0);
    }
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f));
    if (b.remaining() != 16) {
      LOG.warn("spool cursor {} is damaged ({} bytes); resending from the oldest segment", f, b.remaining());
      return new SpoolPosition(segments.firstKey(), 0);
    }
    return new SpoolPosition(b.getLong(), b.getLong());
  }

  private void writeCursor() throws IOException {
    Path tmp = config.dir().resolve("cursor.tmp");
    Files.write(tmp, ByteBuffer.allocate(16).putLong(cursor.segment()).putLong(cursor.offset()).array());
    Files.move(tmp, config.dir().resolve("cursor"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  public synchronized void close() throws IOException {
    for (Segment s : segments.values()) {
      s.close();
    }
    segments.clear();
  }
}
