package io.headroom.app.spine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP forwarder in front of a server, that a test can cut: while cut, live connections are
 * closed and new ones are accepted and closed at once, as when a database host goes away.
 *
 * <p>It can also lose one commit's acknowledgement ({@link #loseNextSampleCommitReply()}): the
 * next transaction that copied samples is forwarded whole, COMMIT included; the server commits
 * it, and its reply (the CommandComplete "COMMIT") is dropped and the connection cut, so the
 * client sees a broken connection for a transaction that did commit.
 */
final class TcpProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final List<Socket> live = new CopyOnWriteArrayList<>();
  private volatile boolean cut;
  private final AtomicBoolean loseCommitReply = new AtomicBoolean();
  private final AtomicInteger commitRepliesLost = new AtomicInteger();

  TcpProxy(int targetPort) throws IOException {
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(this::acceptLoop, "tcp-proxy");
    t.setDaemon(true);
    t.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  void cut() {
    cut = true;
    for (Socket s : live) {
      closeQuietly(s);
    }
    live.clear();
  }

  void restore() {
    cut = false;
  }

  /** Arms the loss of one commit reply: that of the next transaction with a COPY into sample. */
  void loseNextSampleCommitReply() {
    loseCommitReply.set(true);
  }

  /** Commit replies dropped so far (each one a transaction the server committed). */
  int commitRepliesLost() {
    return commitRepliesLost.get();
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        if (cut) {
          closeQuietly(client);
          continue;
        }
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        live.add(client);
        live.add(server);
        Watch watch = new Watch();
        pump(client, server, watch::clientSent);
        pump(server, client, watch::serverReplied);
      } catch (IOException e) {
        // listener closed, or the target refused: the client sees its socket close
      }
    }
  }

  /**
   * One connection's PostgreSQL traffic, read only while a commit reply is to be lost. The
   * protocol carries statements and command tags as plain text: the client's "COPY sample" (a
   * Query message, sent as text every time), and the server's CommandComplete tag "COMMIT\0"
   * once it has committed (the client's own COMMIT may be a named prepared statement, so it is
   * the server's tag that is looked for). A chunk boundary could split a marker, so a few bytes
   * of the previous chunk are kept.
   */
  private final class Watch {
    private String clientTail = "";
    private String serverTail = "";
    private volatile boolean copied;

    /** True: forward the chunk. */
    boolean clientSent(byte[] buf, int n) {
      if (loseCommitReply.get() && !copied) {
        String text = clientTail + new String(buf, 0, n, StandardCharsets.ISO_8859_1);
        copied = text.contains("COPY sample");
        clientTail = text.substring(Math.max(0, text.length() - 16));
      }
      return true;
    }

    /** False for the reply to the commit of a transaction that copied samples: dropped, the connection cut. */
    boolean serverReplied(byte[] buf, int n) {
      if (!copied) {
        return true;
      }
      String text = serverTail + new String(buf, 0, n, StandardCharsets.ISO_8859_1);
      serverTail = text.substring(Math.max(0, text.length() - 16));
      if (text.contains("COMMIT\0") && loseCommitReply.compareAndSet(true, false)) {
        commitRepliesLost.incrementAndGet();
        return false;
      }
      return true;
    }
  }

  /** Forwards while {@code forward} says so; the first chunk it refuses closes both sockets. */
  private void pump(Socket from, Socket to, ChunkFilter forward) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[64 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int n;
        while ((n = in.read(buf)) >= 0 && forward.accept(buf, n)) {
          out.write(buf, 0, n);
        }
      } catch (IOException e) {
        // one side closed
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "tcp-proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  @FunctionalInterface
  private interface ChunkFilter {
    boolean accept(byte[] buf, int n);
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    cut();
  }
}
