package io.headroom.collector.workload;

/**
 * fio could not be started or exited non-zero. The records sent before the failure stay sent
 * (including the run record with its end time); {@link #result()} says what was collected.
 */
public class FioFailedException extends Exception {
  private final transient FioResult result;

  public FioFailedException(String message, FioResult result, Throwable cause) {
    super(message, cause);
    this.result = result;
  }

  public FioResult result() {
    return result;
  }

  public int exitCode() {
    return result.exitCode();
  }

  /** fio's stderr, trimmed (empty when it wrote none). */
  public String stderr() {
    return result.stderr();
  }
}
