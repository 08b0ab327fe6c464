package io.headroom.model.recording;

import io.headroom.model.RecordingRecord;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes recording format v1: one JSON object a line, UTF-8. Thread-safe. */
public final class RecordingWriter implements Closeable, Flushable {
  private final Writer out;

  public RecordingWriter(Writer out) {
    this.out = out instanceof BufferedWriter ? out : new BufferedWriter(out);
  }

  public static RecordingWriter create(Path file) throws IOException {
    return new RecordingWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
  }

  public synchronized void write(RecordingRecord record) {
    try {
      out.write(RecordingCodec.toJson(record));
      out.write('\n');
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write recording", e);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }
}
