package io.headroom.collector.workload;

/** Benchmark output that cannot be read; the message names the file and, when known, where in it. */
public class FioFormatException extends RuntimeException {
  public FioFormatException(String message) {
    super(message);
  }

  public FioFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
