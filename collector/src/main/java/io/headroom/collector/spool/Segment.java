package io.headroom.collector.spool;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One spool file of frames ({@link FrameFormat}). Reading at an offset gives a whole, intact frame,
 * or a gap: bytes that hold none (a write torn by a crash, damage on disk), up to the next intact
 * frame or the end of the file, so what follows a bad frame is still read.
 */
final class Segment implements AutoCloseable {
  final long index;
  final Path file;
  final FrameFormat format;
  private final FileChannel channel;

  /** What lies at an offset: a frame, or a gap up to the next one. */
  sealed interface Slot permits Frame, Gap {
    long offset();

    /** Where the next slot starts. */
    long next();
  }

  record Frame(long offset, byte[] payload, long next) implements Slot {}

  /** Bytes {@code [offset, next)} hold no intact frame; {@code next} is the next frame or the end of the file. */
  record Gap(long offset, long next) implements Slot {}

  /** The frames and gaps from an offset to the end. */
  record Tally(long frames, List<Gap> gaps) {}

  private Segment(long index, Path file, FrameFormat format, FileChannel channel) {
    this.index = index;
    this.file = file;
    this.format = format;
    this.channel = channel;
  }

  static Segment open(Path dir, long index, FrameFormat format) throws IOException {
    Path file = dir.resolve(String.format("seg-%020d", index) + format.suffix);
    FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    return new Segment(index, file, format, ch);
  }

  static long indexOf(Path file) {
    return Long.parseLong(file.getFileName().toString().substring(4, 24));
  }

  long size() throws IOException {
    return channel.size();
  }

  /** Appends one frame at the end; returns the new size. Only V2 segments are written. */
  long append(byte[] payload) throws IOException {
    if (format != FrameFormat.V2) {
      throw new IllegalStateException(file + " is in the old frame format; it is only read");
    }
    ByteBuffer frame = ByteBuffer.wrap(FrameFormat.frame(payload));
    long at = channel.size();
    while (frame.hasRemaining()) {
      at += channel.write(frame, at);
    }
    return at;
  }

  /** The frame or gap at {@code offset}, or null at the end of the file. */
  Slot read(long offset) throws IOException {
    long size = channel.size();
    if (offset >= size) {
      return null;
    }
    ByteBuffer header = readFully(offset, (int) Math.min(format.headerBytes, size - offset));
    int declared = format.declaredLength(header, 0);
    if (declared > 0 && offset + declared <= size) {
      ByteBuffer whole = readFully(offset, declared);
      if (format.frameAt(whole, 0) == declared) {
        return new Frame(offset, Arrays.copyOfRange(whole.array(), format.headerBytes, declared), offset + declared);
      }
    }
    return new Gap(offset, nextFrame(offset + 1, size));
  }

  /** The first offset at or after {@code from} where an intact frame starts, or {@code size}. */
  private long nextFrame(long from, long size) throws IOException {
    if (from >= size) {
      return size;
    }
    // Only after damage, in one segment (a few MB): reading the rest at once keeps the search simple.
    ByteBuffer rest = readFully(from, (int) (size - from));
    for (int at = format.nextCandidate(rest, 0); at >= 0 && at < rest.limit(); at = format.nextCandidate(rest, at + 1)) {
      if (format.frameAt(rest, at) > 0) {
        return from + at;
      }
    }
    return size;
  }

  /** How many intact frames lie from {@code offset} to the end, and the gaps between them. */
  Tally tallyFrom(long offset) throws IOException {
    long frames = 0;
    List<Gap> gaps = new ArrayList<>();
    for (Slot s = read(offset); s != null; s = read(s.next())) {
      if (s instanceof Gap g) {
        gaps.add(g);
      } else {
        frames++;
      }
    }
    return new Tally(frames, gaps);
  }

  private ByteBuffer readFully(long offset, int length) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(length);
    while (b.hasRemaining()) {
      if (channel.read(b, offset + b.position()) < 0) {
        throw new EOFException(file + ": ended at " + (offset + b.position()) + " while reading");
      }
    }
    return b.flip();
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
