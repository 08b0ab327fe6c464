package io.headroom.collector.workload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Drains a process's stderr on its own thread (a full pipe would stall fio) and keeps its tail;
 * fio's error messages come last, and a run with a million "note:" lines must not fill the heap.
 */
final class StderrCollector {
  private static final int KEEP = 64 * 1024;
  private final Thread thread;
  private final StringBuilder tail = new StringBuilder();

  StderrCollector(InputStream in) {
    thread = new Thread(() -> drain(in), "fio-stderr");
    thread.setDaemon(true);
    thread.start();
  }

  private void drain(InputStream in) {
    byte[] buf = new byte[8192];
    try (in) {
      int n;
      while ((n = in.read(buf)) > 0) {
        synchronized (tail) {
          tail.append(new String(buf, 0, n, StandardCharsets.UTF_8));
          if (tail.length() > 2 * KEEP) {
            tail.delete(0, tail.length() - KEEP);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits for the stream to end and returns its tail, trimmed. */
  String text() throws InterruptedException {
    thread.join(5000);
    synchronized (tail) {
      String s = tail.length() > KEEP ? tail.substring(tail.length() - KEEP) : tail.toString();
      return s.strip();
    }
  }
}
