package io.headroom.bench;

import java.nio.file.Path;

/**
 * The ingest's peers: psql loading the very rows the ingest stored into the same (emptied) table,
 * as CSV ({@code \copy ... CSV}, what an operator would do) and as binary COPY (no text parsing on
 * the server: the ceiling for any client).
 */
final class PeerCopy {
  enum Format {
    CSV("CSV"), BINARY("(FORMAT binary)");

    final String option;

    Format(String option) {
      this.option = option;
    }
  }

  private static final String COLUMNS = "ts, entity_id, metric_id, value";
  private final BenchDb db;
  private final Path work;

  PeerCopy(BenchDb db, Path work) {
    this.db = db;
    this.work = work;
  }

  /** Writes the table's rows to a file per format. */
  void export() throws Exception {
    for (Format f : Format.values()) {
      db.psql("\\copy (SELECT " + COLUMNS + " FROM sample) TO '" + file(f) + "' " + f.option);
    }
  }

  /** Empties the table (nothing left to write back), and times psql loading the file, and its backend's CPU. */
  Load load(Format format, long expectedRows) throws Exception {
    db.emptySampleTable();
    BackendCpu cpu = BackendCpu.follow(db, BackendCpu.PSQL_APP);
    long start = System.nanoTime();
    db.psql("\\copy sample (" + COLUMNS + ") FROM '" + file(format) + "' " + format.option);
    double secs = (System.nanoTime() - start) / 1e9;
    double serverCpu = cpu.seconds();
    long rows = db.count("SELECT count(*) FROM sample");
    if (rows != expectedRows) {
      throw new IllegalStateException("psql loaded " + rows + " rows from " + file(format) + ", expected " + expectedRows);
    }
    System.out.printf("psql \\copy %s: %,d rows in %.2f s; its server backend used %.2f s of CPU and waited %.2f s "
        + "for a core%n", format, rows, secs, serverCpu, cpu.runQueueSeconds());
    return new Load(rows / secs, serverCpu);
  }

  /** Rows per second of wall-clock time, and the CPU seconds the server's backend spent on them. */
  record Load(double rowsPerSecond, double serverCpuSeconds) {}

  private Path file(Format f) {
    return work.resolve("samples." + f.name().toLowerCase());
  }
}
