package io.headroom.remotewrite;

import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.xerial.snappy.Snappy;

/**
 * The body of a remote-write 1.0 request: Prometheus' {@code prometheus.WriteRequest} protobuf
 * (prompb/remote.proto, types.proto), written field by field, then compressed in snappy's block
 * format (not the framed one), as the specification requires.
 *
 * <pre>
 * WriteRequest { repeated TimeSeries timeseries = 1; }
 * TimeSeries   { repeated Label labels = 1; repeated Sample samples = 2; }
 * Label        { string name = 1; string value = 2; }
 * Sample       { double value = 1; int64 timestamp = 2; }   // milliseconds since the epoch
 * </pre>
 */
public final class WriteRequest {
  private WriteRequest() {}

  /** The uncompressed protobuf. */
  public static byte[] encode(List<TimeSeries> series) {
    int[] sizes = new int[series.size()];
    byte[] bytes = new byte[sizes(series, sizes)];
    write(series, sizes, bytes, bytes.length);
    return bytes;
  }

  /** The size of the protobuf of {@code series}; each series' own size into {@code sizes}. */
  private static int sizes(List<TimeSeries> series, int[] sizes) {
    int total = 0;
    for (int i = 0; i < series.size(); i++) {
      sizes[i] = seriesSize(series.get(i));
      total += 1 + CodedOutputStream.computeUInt32SizeNoTag(sizes[i]) + sizes[i];
    }
    return total;
  }

  /** Writes the protobuf of {@code series}, {@code total} bytes ({@link #sizes}), at the start of {@code bytes}. */
  private static void write(List<TimeSeries> series, int[] sizes, byte[] bytes, int total) {
    try {
      CodedOutputStream out = CodedOutputStream.newInstance(bytes, 0, total);
      for (int i = 0; i < series.size(); i++) {
        out.writeTag(1, 2);
        out.writeUInt32NoTag(sizes[i]);
        writeSeries(out, series.get(i));
      }
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new UncheckedIOException("a WriteRequest did not fill the size worked out for it", e);
    }
  }

  /** A request's body as sent: {@code bytes[0, length)}. */
  public record Body(byte[] bytes, int length) {}

  /**
   * Writes the requests of one sender, one after another, into one protobuf buffer kept between
   * them (a request of 2,000 samples is some 40 KB: a new one each time was a tenth of the
   * forwarding loop's time in allocation). The compressed body is new for each request: the HTTP
   * client may still hold one it gave up waiting on.
   */
  static final class Encoder {
    private byte[] buffer = new byte[1 << 16];
    private int[] sizes = new int[256];

    Body compressed(List<TimeSeries> series) {
      if (sizes.length < series.size()) {
        sizes = new int[Math.max(series.size(), sizes.length * 2)];
      }
      int total = sizes(series, sizes);
      if (buffer.length < total) {
        buffer = new byte[Math.max(total, buffer.length * 2)];
      }
      write(series, sizes, buffer, total);
      try {
        byte[] out = new byte[Snappy.maxCompressedLength(total)];
        return new Body(out, Snappy.rawCompress(buffer, 0, total, out, 0));
      } catch (IOException e) {
        throw new UncheckedIOException("snappy could not compress a remote-write request", e);
      }
    }
  }

  /** The labels of a series as its repeated Label fields, to be written as they are into many requests. */
  static byte[] labels(Map<String, String> labels) {
    int size = 0;
    for (Map.Entry<String, String> l : labels.entrySet()) {
      int n = labelSize(l);
      size += 1 + CodedOutputStream.computeUInt32SizeNoTag(n) + n;
    }
    byte[] bytes = new byte[size];
    try {
      CodedOutputStream out = CodedOutputStream.newInstance(bytes);
      writeLabels(out, labels);
      out.checkNoSpaceLeft();
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException("labels did not fill the size worked out for them", e);
    }
  }

  /** What goes on the wire: the protobuf in snappy's block format. */
  public static byte[] compressed(List<TimeSeries> series) {
    try {
      return Snappy.compress(encode(series));
    } catch (IOException e) {
      throw new UncheckedIOException("snappy could not compress a remote-write request", e);
    }
  }

  private static void writeSeries(CodedOutputStream out, TimeSeries s) throws IOException {
    if (s.encodedLabels() != null) {
      out.writeRawBytes(s.encodedLabels());
    } else {
      writeLabels(out, s.labels());
    }
    for (int i = 0; i < s.size(); i++) {
      out.writeTag(2, 2);
      out.writeUInt32NoTag(sampleSize(s, i));
      out.writeDouble(1, s.value(i));
      out.writeInt64(2, s.timestamp(i));
    }
  }

  private static void writeLabels(CodedOutputStream out, Map<String, String> labels) throws IOException {
    for (Map.Entry<String, String> l : labels.entrySet()) {
      out.writeTag(1, 2);
      out.writeUInt32NoTag(labelSize(l));
      out.writeString(1, l.getKey());
      out.writeString(2, l.getValue());
    }
  }

  private static int seriesSize(TimeSeries s) {
    int size = 0;
    if (s.encodedLabels() != null) {
      size = s.encodedLabels().length;
    } else {
      for (Map.Entry<String, String> l : s.labels().entrySet()) {
        int n = labelSize(l);
        size += 1 + CodedOutputStream.computeUInt32SizeNoTag(n) + n;
      }
    }
    for (int i = 0; i < s.size(); i++) {
      int n = sampleSize(s, i);
      size += 1 + CodedOutputStream.computeUInt32SizeNoTag(n) + n;
    }
    return size;
  }

  private static int labelSize(Map.Entry<String, String> l) {
    return CodedOutputStream.computeStringSize(1, l.getKey()) + CodedOutputStream.computeStringSize(2, l.getValue());
  }

  private static int sampleSize(TimeSeries s, int i) {
    return CodedOutputStream.computeDoubleSize(1, s.value(i)) + CodedOutputStream.computeInt64Size(2, s.timestamp(i));
  }
}
