package io.headroom.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them in config files: "500ms", "1s", "5s", "2m", "1h". */
public final class Durations {
  private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");
  /**
   * The longest duration, 9223372036854 ms (about 2562047h 47m, 292 years): what a count of
   * nanoseconds in a long holds, which the schedulers and clients take durations as.
   */
  static final long MAX_MILLIS = Long.MAX_VALUE / 1_000_000;

  private Durations() {}

  public static Duration parse(String text) {
    Matcher m = FORM.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "\"" + text + "\" is not a duration (write e.g. 500ms, 1s, 5s, 2m, 1h)");
    }
    double n = Double.parseDouble(m.group(1));
    double millis = switch (m.group(2)) {
      case "ms" -> n;
      case "s" -> n * 1_000;
      case "m" -> n * 60_000;
      default -> n * 3_600_000;
    };
    if (millis > MAX_MILLIS) {
      throw new IllegalArgumentException("\"" + text + "\" is too long: at most " + MAX_MILLIS
          + "ms (about 2562047h 47m, 292 years, what a count of nanoseconds holds)");
    }
    return Duration.ofMillis(Math.round(millis));
  }

  /** The way {@link #parse} reads it back: "500ms", "5s", "2m", "1h" (whole units where it can). */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms % 3_600_000 == 0 && ms > 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms % 60_000 == 0 && ms > 0) {
      return ms / 60_000 + "m";
    }
    if (ms % 1_000 == 0 && ms > 0) {
      return ms / 1_000 + "s";
    }
    return ms + "ms";
  }
}
