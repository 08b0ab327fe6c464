package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The stderr drain: it waits for the stream's end, keeps all of a short stream and only the last
 * 64 KiB (65536 characters) of a long one, trimmed of surrounding white space.
 */
class StderrCollectorTest {
  private static final int KEEP = 64 * 1024;

  /** {@code n} ASCII characters, a different digit in each position modulo 10, ending in "\n". */
  private static String digits(int n) {
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n - 1; i++) {
      b.append((char) ('0' + i % 10));
    }
    return b.append('\n').toString();
  }

  private static InputStream of(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void shortStreamIsKeptWholeAndStripped() throws InterruptedException {
    assertEquals("fio: note\nfio: error", new StderrCollector(of("  fio: note\nfio: error\n\n")).text());
  }

  @Test
  void streamOfSeveralReadsIsKeptWhole() throws InterruptedException {
    // 20000 bytes come in three reads of at most 8192: all of them are kept (under 64 KiB)
    String s = digits(20000);
    assertEquals(s.strip(), new StderrCollector(of(s)).text());
  }

  @Test
  void longStreamKeepsItsLast64KiB() throws InterruptedException {
    // 140000 bytes: after 17 reads of 8192 (139264 > 2 x 65536) the held text is cut to its
    // last 65536, then the last 736 bytes follow; text() returns the last 65536 of all
    String s = digits(140000);
    assertEquals(s.substring(s.length() - KEEP).strip(), new StderrCollector(of(s)).text());
  }

  @Test
  void textWaitsForTheStreamToEnd() throws InterruptedException {
    // the only bytes come 200 ms after the drain thread began reading
    InputStream slow = new InputStream() {
      private boolean sent;

      @Override
      public int read() {
        throw new UnsupportedOperationException();
      }

      @Override
      public int read(byte[] b) throws IOException {
        if (sent) {
          return -1;
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
        sent = true;
        byte[] msg = "fio: late error".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(msg, 0, b, 0, msg.length);
        return msg.length;
      }
    };
    assertEquals("fio: late error", new StderrCollector(slow).text());
  }

  @Test
  void theDrainIsADaemonThread() throws InterruptedException {
    // fio's stderr can outlive fio (a process its prerun command left behind holds it, see
    // FioRunnerTest): the thread still draining it must not keep our JVM from exiting
    boolean[] daemon = new boolean[1];
    InputStream watched = new InputStream() {
      @Override
      public int read() {
        daemon[0] = Thread.currentThread().isDaemon();
        return -1;
      }
    };
    assertEquals("", new StderrCollector(watched).text());
    assertEquals(true, daemon[0], "the drain thread is no daemon");
  }
}
