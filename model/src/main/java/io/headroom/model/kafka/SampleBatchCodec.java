package io.headroom.model.kafka;

import io.headroom.model.StorableText;
import io.headroom.model.TestbedName;
import io.headroom.model.Utf8;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Binary encoding of a {@link SampleBatch} (docs/architecture.md, "Sample encoding"). Samples are
 * the bulk of the traffic, so they are not JSON: a batch names its testbed and entity once, keeps a
 * small table of metric names, and writes each point as a metric index, a timestamp in
 * microseconds and an IEEE double: 18 bytes a point before Kafka's lz4 compression.
 *
 * <pre>
 * byte    magic 0x48 ('H')
 * byte    version 1
 * long    id (most significant bits), long id (least significant bits)
 * str     testbed, str entity          (str = unsigned short length + UTF-8)
 * ushort  metric count, then that many str
 * int     point count, then per point: ushort metric index, long ts micros, double value
 * </pre>
 */
public final class SampleBatchCodec {
  static final byte MAGIC = 0x48;
  static final byte VERSION = 1;
  /** Distinct metric names one batch can carry (the table's count is an unsigned short). */
  public static final int MAX_METRICS = 0xFFFF;
  /** A point's bytes: metric index, time, value. */
  static final int POINT_BYTES = 2 + 8 + 8;
  /** The fewest bytes a str takes: its length, for an empty one. */
  static final int MIN_STRING_BYTES = 2;

  private SampleBatchCodec() {}

  public static byte[] encode(SampleBatch batch) {
    Map<String, Integer> metricIndex = new HashMap<>();
    List<String> metrics = new ArrayList<>();
    for (Point p : batch.points()) {
      metricIndex.computeIfAbsent(p.metric(), m -> {
        metrics.add(m);
        return metrics.size() - 1;
      });
    }
    if (metrics.size() > MAX_METRICS) {
      throw new IllegalArgumentException("a sample batch of " + batch.entity() + " names " + metrics.size()
          + " metrics; at most " + MAX_METRICS + " fit one batch");
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + batch.points().size() * 18);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(MAGIC);
      out.writeByte(VERSION);
      out.writeLong(batch.id().getMostSignificantBits());
      out.writeLong(batch.id().getLeastSignificantBits());
      writeString(out, batch.testbed());
      writeString(out, batch.entity());
      out.writeShort(metrics.size());
      for (String m : metrics) {
        writeString(out, m);
      }
      out.writeInt(batch.points().size());
      for (Point p : batch.points()) {
        out.writeShort(metricIndex.get(p.metric()));
        out.writeLong(Math.round(p.ts() * 1_000_000d));
        out.writeDouble(p.value());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * Decodes one batch; a truncated, foreign or malformed message gets an error saying which. The
   * bytes may come from any producer, so nothing is allocated on their word: every count and
   * length is held to the bytes that remain before anything is made for it (a point takes
   * {@value #POINT_BYTES} bytes, a name at least 2), names must be UTF-8, the testbed must be one
   * ({@link TestbedName}), and nothing may follow the last point.
   *
   * @throws IllegalArgumentException saying what is wrong, and at which byte
   */
  public static SampleBatch decode(byte[] data) {
    return decode(data, null);
  }

  /**
   * Decodes one batch, its names taken from {@code names} (null: each decoded anew), which a
   * consumer of many batches keeps across them.
   */
  public static SampleBatch decode(byte[] data, NameCache names) {
    View v = view(data, names);
    List<Point> points = new ArrayList<>(v.count());
    for (int i = 0; i < v.count(); i++) {
      points.add(new Point(v.micros(i) / 1_000_000d, v.metrics()[v.metric(i)], v.value(i)));
    }
    return new SampleBatch(v.id(), v.testbed(), v.entity(), points);
  }

  /**
   * A batch checked as {@link #decode} checks it (the same errors for the same bytes) but not
   * made into points: its names decoded, its points read in place from the bytes. For a reader
   * that takes the points as they are, without an object each (remote write's forwarding).
   *
   * @throws IllegalArgumentException saying what is wrong, and at which byte
   */
  public static View view(byte[] data, NameCache names) {
    ByteBuffer in = ByteBuffer.wrap(data);
    try {
      byte magic = in.get();
      byte version = in.get();
      if (magic != MAGIC || version != VERSION) {
        throw new IllegalArgumentException(String.format(
            "not a Headroom sample batch v%d (magic 0x%02x, version %d)", VERSION, magic, version));
      }
      UUID id = new UUID(in.getLong(), in.getLong());
      String testbed = readString(in, names, "testbed");
      String testbedProblem = TestbedName.problem(testbed);
      if (testbedProblem != null) {
        throw new IllegalArgumentException("sample batch's testbed " + StorableText.quote(testbed) + ": "
            + testbedProblem);
      }
      String entity = readString(in, names, "entity");
      String[] metrics = readMetrics(in, names);
      int count = checkPoints(in, metrics);
      return new View(id, testbed, entity, metrics, in, in.position(), count);
    } catch (BufferUnderflowException e) {
      throw new IllegalArgumentException("sample batch truncated at byte " + in.position() + " of " + data.length);
    }
  }

  /**
   * A checked batch: its names, and its {@code count} points at {@code at} in {@code in}, each a
   * metric index (below {@code metrics.length}), a time in microseconds and a value.
   */
  public record View(UUID id, String testbed, String entity, String[] metrics, ByteBuffer in, int at, int count) {
    public int metric(int i) {
      return Short.toUnsignedInt(in.getShort(at + i * POINT_BYTES));
    }

    public long micros(int i) {
      return in.getLong(at + i * POINT_BYTES + 2);
    }

    public double value(int i) {
      return in.getDouble(at + i * POINT_BYTES + 10);
    }
  }

  /**
   * Reads the point count and checks the points without making them: room for them all, each
   * naming a metric of the table, nothing after the last. Leaves {@code in} at the first point.
   */
  private static int checkPoints(ByteBuffer in, String[] metrics) {
    int count = in.getInt();
    // unsigned: a count of 2^31 or more reads as negative, and is as far past the end
    if (Integer.toUnsignedLong(count) * POINT_BYTES > in.remaining()) {
      throw new IllegalArgumentException("sample batch says " + Integer.toUnsignedString(count) + " points at byte "
          + (in.position() - 4) + ", but " + in.remaining() + " bytes remain, room for " + in.remaining() / POINT_BYTES
          + " (" + POINT_BYTES + " bytes each)");
    }
    int at = in.position();
    for (int i = 0; i < count; i++) {
      int m = Short.toUnsignedInt(in.getShort(at + i * POINT_BYTES));
      if (m >= metrics.length) {
        throw new IllegalArgumentException("point " + i + " names metric " + m + " of " + metrics.length);
      }
    }
    int end = at + count * POINT_BYTES;
    if (end < in.limit()) {
      throw new IllegalArgumentException("sample batch has " + (in.limit() - end) + " bytes after its last point (byte "
          + end + " of " + in.limit() + ")");
    }
    return count;
  }

  private static String[] readMetrics(ByteBuffer in, NameCache names) {
    int count = Short.toUnsignedInt(in.getShort());
    if ((long) count * MIN_STRING_BYTES > in.remaining()) {
      throw new IllegalArgumentException("sample batch names " + count + " metrics at byte " + (in.position() - 2)
          + ", but only " + in.remaining() + " bytes remain (a name takes at least " + MIN_STRING_BYTES + ")");
    }
    String[] metrics = new String[count];
    for (int i = 0; i < count; i++) {
      metrics[i] = readString(in, names, "metric " + i);
    }
    return metrics;
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    if (b.length > 0xFFFF) {
      throw new IllegalArgumentException("name longer than 65535 bytes: " + s.substring(0, 40) + "...");
    }
    out.writeShort(b.length);
    out.write(b);
  }

  /** A str: its length (held to the bytes that remain), then that many bytes of UTF-8. */
  private static String readString(ByteBuffer in, NameCache names, String field) {
    int len = Short.toUnsignedInt(in.getShort());
    if (len > in.remaining()) {
      throw new BufferUnderflowException();
    }
    int at = in.position();
    String s;
    try {
      s = names != null ? names.name(in.array(), in.arrayOffset() + at, len)
          : Utf8.decode(in.array(), in.arrayOffset() + at, len);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("sample batch's " + field + " (" + len + " bytes at byte " + at + "): "
          + e.getMessage());
    }
    in.position(at + len);
    return s;
  }
}
