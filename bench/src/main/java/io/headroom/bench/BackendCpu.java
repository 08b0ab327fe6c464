package io.headroom.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time the server's backends of one client spent, read from /proc while they run (only
 * when the server is on this machine): on a shared machine it says what each loader costs the
 * server per row, which the wall-clock rates mix with how much of a core the backend got.
 *
 * <p>The client is told by its {@code application_name}; every 50 ms its backends' utime + stime
 * are read, the last reading of each kept (a backend that ends between readings loses at most
 * 50 ms of its time).
 */
final class BackendCpu implements AutoCloseable {
  static final String INGEST_APP = "headroom-bench-ingest";
  static final String PSQL_APP = "headroom-bench-psql";

  private final Map<Integer, Long> ticks = new HashMap<>();
  /** Nanoseconds each backend waited, runnable, for a core (/proc/PID/schedstat's second field). */
  private final Map<Integer, Long> runQueueWait = new HashMap<>();
  private final Thread sampler;
  private volatile boolean running = true;
  private volatile boolean local = true;

  private BackendCpu(String url, String database, String application) {
    sampler = new Thread(() -> sample(url, database, application), "backend-cpu");
    sampler.setDaemon(true);
    sampler.start();
  }

  /** Starts following the backends of {@code application} on {@code database}. */
  static BackendCpu follow(BenchDb db, String application) {
    return new BackendCpu(db.url, db.name, application);
  }

  private void sample(String url, String database, String application) {
    try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(
        "SELECT pid FROM pg_stat_activity WHERE datname = ? AND application_name = ?")) {
      ps.setString(1, database);
      ps.setString(2, application);
      while (running && local) {
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            read(rs.getInt(1));
          }
        }
        Thread.sleep(50);
      }
    } catch (Exception e) {
      local = false;
      System.out.println("server CPU not measured: " + e);
    }
  }

  private void read(int pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Integer.toString(pid), "stat"));
      long t = ProcStat.cpuTicks(stat);
      String[] sched = Files.readString(Path.of("/proc", Integer.toString(pid), "schedstat")).trim().split(" ");
      synchronized (ticks) {
        ticks.put(pid, t);
        runQueueWait.put(pid, Long.parseLong(sched[1]));
      }
    } catch (IOException e) {
      // the backend ended meanwhile, or the server is not on this machine (then no pid is ever read)
      synchronized (ticks) {
        if (ticks.isEmpty() && !Files.exists(Path.of("/proc", Integer.toString(pid)))) {
          local = false;
        }
      }
    }
  }

  /** Stops reading; the CPU seconds its backends spent, or NaN when the server is not on this machine. */
  double seconds() throws InterruptedException {
    running = false;
    sampler.join();
    synchronized (ticks) {
      if (!local || ticks.isEmpty()) {
        return Double.NaN;
      }
      return ticks.values().stream().mapToLong(Long::longValue).sum() / ProcStat.TICKS_PER_S;
    }
  }

  /** Seconds its backends waited, runnable, for a core; read after {@link #seconds()}. */
  double runQueueSeconds() {
    synchronized (ticks) {
      return runQueueWait.values().stream().mapToLong(Long::longValue).sum() / 1e9;
    }
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    sampler.join();
  }
}
