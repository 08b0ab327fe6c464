package io.headroom.standin;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The stand-in as a process, for the lab: {@code --root DIR --port N [--tls] [--bind ADDR]
 * [--pem FILE]}. Prints its URL (and with --tls the certificate's SHA-256 fingerprint, and writes
 * its PEM to FILE), then serves until killed.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    StandinServer.Builder b = StandinServer.builder();
    Path pem = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--root" -> b.root(Path.of(value(args, ++i, a)));
        case "--port" -> b.port(Integer.parseInt(value(args, ++i, a)));
        case "--bind" -> b.bind(InetAddress.getByName(value(args, ++i, a)));
        case "--pem" -> pem = Path.of(value(args, ++i, a));
        case "--tls" -> b.tls();
        default -> {
          System.err.println("usage: standin --root DIR --port N [--tls] [--bind ADDR] [--pem FILE]");
          System.exit(2);
        }
      }
    }
    StandinServer server = b.start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    System.out.println("listening on " + server.baseUri());
    if (server.certificate() != null) {
      System.out.println("sha256 fingerprint " + server.certificate().sha256Fingerprint());
      if (pem != null) {
        Files.writeString(pem, server.certificate().pem());
      }
    }
    new CountDownLatch(1).await();
  }

  private static String value(String[] args, int i, String flag) {
    if (i >= args.length) {
      System.err.println(flag + " needs a value");
      System.exit(2);
    }
    return args[i];
  }
}
