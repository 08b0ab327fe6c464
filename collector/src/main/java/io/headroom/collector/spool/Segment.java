package io.headroom.collector.spool;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * One spool file: frames of (int length, int CRC-32 of the payload, payload). A frame cut short
 * by a crash, or one whose CRC does not match, ends what can be read from the file.
 */
final class Segment implements AutoCloseable {
  static final int FRAME_HEADER = 8;
  final long index;
  final Path file;
  private final FileChannel channel;

  private Segment(long index, Path file, FileChannel channel) {
    this.index = index;
    this.file = file;
    this.channel = channel;
  }

  static Segment open(Path dir, long index) throws IOException {
    Path file = dir.resolve(String.format("seg-%020d.spool", index));
    FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    return new Segment(index, file, ch);
  }

  static long indexOf(Path file) {
    String name = file.getFileName().toString();
    return Long.parseLong(name.substring(4, name.length() - ".spool".length()));
  }

  long size() throws IOException {
    return channel.size();
  }

  /** Appends one frame at the end; returns the new size. */
  long append(byte[] payload) throws IOException {
    CRC32 crc = new CRC32();
    crc.update(payload);
    ByteBuffer frame = ByteBuffer.allocate(FRAME_HEADER + payload.length);
    frame.putInt(payload.length).putInt((int) crc.getValue()).put(payload).flip();
    long at = channel.size();
    while (frame.hasRemaining()) {
      at += channel.write(frame, at);
    }
    return at;
  }

  /**
   * The payload of the frame at {@code offset}, or null when there is no whole, intact frame
   * there (end of file, a torn write, a bad CRC).
   */
  byte[] read(long offset) throws IOException {
    ByteBuffer header = ByteBuffer.allocate(FRAME_HEADER);
    if (channel.read(header, offset) < FRAME_HEADER) {
      return null;
    }
    header.flip();
    int length = header.getInt();
    int expectedCrc = header.getInt();
    if (length < 0 || offset + FRAME_HEADER + length > channel.size()) {
      return null;
    }
    ByteBuffer payload = ByteBuffer.allocate(length);
    long at = offset + FRAME_HEADER;
    while (payload.hasRemaining()) {
      int n = channel.read(payload, at + payload.position());
      if (n < 0) {
        return null;
      }
    }
    CRC32 crc = new CRC32();
    crc.update(payload.array());
    return (int) crc.getValue() == expectedCrc ? payload.array() : null;
  }

  /** How many whole frames lie from {@code offset} to the end. */
  long countFrom(long offset) throws IOException {
    long n = 0;
    byte[] p;
    while ((p = read(offset)) != null) {
      n++;
      offset += FRAME_HEADER + p.length;
    }
    return n;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
