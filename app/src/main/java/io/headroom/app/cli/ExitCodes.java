package io.headroom.app.cli;

/** The launcher's exit codes, for scripts and supervisors (docs/configuration.md lists them). */
final class ExitCodes {
  /** Done; for `analyze`, also: a verdict was reached. */
  static final int OK = 0;
  /** Stopped by a failure inside Headroom (a bug, or a daemon's component that died). */
  static final int FAILED = 1;
  /** Bad usage or input the person can fix: an unknown command, a bad testbed file or recording. */
  static final int USAGE = 2;
  /** `discover`: some sources could not be read (each a warning); the others were printed. */
  static final int PARTIAL = 3;
  /**
   * `compare --fail-on`: a regression past a tolerance and beyond the noise. Not 1: that is a
   * failure inside Headroom, and a CI job should tell a slower array from a crash.
   */
  static final int REGRESSION = 4;
  /** Kafka or the database did not answer within the start-up wait (sysexits EX_UNAVAILABLE). */
  static final int UNAVAILABLE = 69;

  private ExitCodes() {}
}
