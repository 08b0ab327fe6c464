package io.headroom.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Whether fio can do direct I/O to a file: some filesystems (tmpfs, some overlays) refuse O_DIRECT,
 * and buffered I/O to a 64 MB file is served by the page cache, which measures memory copies, not
 * storage. Asked of fio itself with one 4 KiB direct write, since only the open call knows.
 */
final class DirectIo {
  static final String REFUSED_NOTE = "the work directory's filesystem refuses direct I/O, so the IOPS come"
      + " from the page cache: the verdict says what limited memory copies and the CPU, not the storage";

  private DirectIo() {}

  static boolean works(String fio, Path file) throws InterruptedException {
    try {
      Process p = new ProcessBuilder(fio, "--name=direct-probe", "--filename=" + file, "--size=1m", "--bs=4k",
          "--rw=write", "--io_size=4k", "--direct=1", "--ioengine=psync", "--output-format=terse")
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return false;
      }
      return p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the benchmark lays the file out again; a probe file left behind costs nothing
      }
    }
  }
}
