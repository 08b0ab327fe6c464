package io.headroom.app.spine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder in front of a server, that a test can cut: while cut, live connections are
 * closed and new ones are accepted and closed at once, as when a database host goes away.
 */
final class TcpProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final List<Socket> live = new CopyOnWriteArrayList<>();
  private volatile boolean cut;

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
        pump(client, server);
        pump(server, client);
      } catch (IOException e) {
        // listener closed, or the target refused: the client sees its socket close
      }
    }
  }

  private void pump(Socket from, Socket to) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[64 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int n;
        while ((n = in.read(buf)) >= 0) {
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
