package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Issue 48: option values no run can have are refused before anything starts, naming the option.
 * `demo --seconds -1` was accepted; fio refused the runtime and the demo never ended.
 */
class OptionValuesTest {
  private static String refused(String... args) {
    Cli cli = new Cli();
    int code = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> cli.run(args));
    assertEquals(ExitCodes.USAGE, code, cli.err());
    return cli.err();
  }

  /** 1 and 3600 are the bounds; 0, -1 and 3601 are outside. */
  @Test
  void demoSecondsOutsideOneToAnHourAreRefused() {
    assertEquals("headroom demo: --seconds: must be 1 to 3600, got -1\n", refused("demo", "--seconds", "-1"));
    assertEquals("headroom demo: --seconds: must be 1 to 3600, got 0\n", refused("demo", "--seconds", "0"));
    assertEquals("headroom demo: --seconds: must be 1 to 3600, got 3601\n", refused("demo", "--seconds", "3601"));
  }

  @Test
  void aNegativeOrZeroDurationIsRefused() {
    assertEquals("headroom analyzer: --abandon-after: must be longer than 0: a run would be closed as its first sample"
        + " lands\n", refused("analyzer", "--abandon-after", "0s", "--startup-wait", "1s"));
    assertEquals("headroom analyzer: --abandon-after: \"-5m\" is not a duration (write e.g. 500ms, 1s, 5s, 2m, 1h)\n",
        refused("analyzer", "--abandon-after=-5m", "--startup-wait", "1s"));
  }
}
