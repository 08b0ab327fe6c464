package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.app.testing.TestDatabase;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The commands as a user runs them, in a JVM of their own, stopped the way a user or a supervisor
 * stops them: SIGTERM (what docker stop and systemd send) and SIGINT (Ctrl-C). An analyzer waiting
 * for a Kafka that does not answer stops at once (it took until Kafka answered, 20 s later); the
 * demo stopped while its benchmark runs removes its temporary directory (it left 65 MB behind).
 */
class SignalWhileRunningTest {
  @TempDir Path dir;

  private static void awaitLine(List<String> lines, String part, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (lines.stream().noneMatch(l -> l.contains(part))) {
      assertTrue(System.nanoTime() < deadline, "no line with '" + part + "' in " + seconds + " s: " + lines);
      Thread.sleep(100);
    }
  }

  /** By kill(1): Process.destroy() sends SIGTERM too, but closes our ends of its stdout and stderr. */
  private static void signal(Process p, String signal) throws Exception {
    assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
  }

  @ParameterizedTest
  @ValueSource(strings = {"TERM", "INT"})
  void anAnalyzerWaitingForKafkaAtStartStopsAtOnce(String signal) throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    Path testbed = dir.resolve("t.yaml");
    Files.writeString(testbed, "testbed: lab\nkafka: {bootstrap: \"127.0.0.1:" + closed + "\"}\n");
    List<String> lines = new CopyOnWriteArrayList<>();
    Process p = HeadroomProcess.start(dir, lines, "analyzer", "--testbed", testbed.toString(), "--startup-wait", "120s");
    try {
      awaitLine(lines, "unreachable", 60); // it is waiting: one line per attempt
      long signalled = System.nanoTime();
      signal(p, signal);
      assertTrue(p.waitFor(10, TimeUnit.SECONDS), "still running 10 s after SIG" + signal + ": " + lines);
      System.out.printf("analyzer waiting for Kafka: exited %.1f s after SIG%s%n", (System.nanoTime() - signalled) / 1e9,
          signal);
      awaitLine(lines, "headroom analyzer: stopped by a signal while waiting for Kafka or the database at start", 5);
    } finally {
      p.destroyForcibly();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"TERM", "INT"})
  void theDemoStoppedWhileItsBenchmarkRunsRemovesItsTemporaryFiles(String signal) throws Exception {
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    List<String> lines = new CopyOnWriteArrayList<>();
    try (TestDatabase db = TestDatabase.create()) {
      Process p = HeadroomProcess.start(tmp, lines, "demo", "--seconds", "120", "--db", db.url());
      try {
        // the benchmark (fio, or the host alone where there is none) runs for 120 s
        awaitLine(lines, "for 120 s", 120);
        Thread.sleep(2000); // fio's file and the broker's log are written
        assertEquals(1, demoDirs(tmp).size(), "the demo's temporary directory while it runs");
        signal(p, signal);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running 60 s after SIG" + signal + ": " + lines);
        assertEquals(List.of(), demoDirs(tmp), "left behind; the demo said: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("headroom demo: stopped by a signal while it ran; removed ")),
            lines.toString());
      } finally {
        p.descendants().forEach(ProcessHandle::destroyForcibly); // fio, were the demo to fail to stop it
        p.destroyForcibly();
      }
    }
  }

  private static List<Path> demoDirs(Path tmp) throws Exception {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.filter(f -> f.getFileName().toString().startsWith("headroom-demo-")).toList();
    }
  }
}
