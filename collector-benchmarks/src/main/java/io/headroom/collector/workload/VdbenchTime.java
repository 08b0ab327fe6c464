package io.headroom.collector.workload;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * When a flatfile row was written. vdbench prints "tod" (HH:mm:ss.SSS) and, since 5.04, a
 * "timestamp" column (MM/dd/yyyy-HH:mm:ss-zzz, e.g. 11/30/2026-00:15:42-UTC). The date and zone
 * come from timestamp when there is one, else from the caller; the milliseconds always from tod.
 * A tod-only file that runs past midnight is followed into the next day.
 */
final class VdbenchTime {
  private static final DateTimeFormatter TOD = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("MM/dd/yyyy-HH:mm:ss-z", Locale.US);

  private final ZoneId defaultZone;
  private LocalDate date;
  private LocalTime last;

  /** @param date the run's first day, for files without a timestamp column (null: required) */
  VdbenchTime(LocalDate date, ZoneId zone) {
    this.date = date;
    this.defaultZone = zone;
  }

  /** Unix seconds. @throws IllegalArgumentException saying which value does not parse */
  double of(String tod, String timestamp) {
    LocalTime time = parseTod(tod);
    if (timestamp != null && !timestamp.equals("n/a")) {
      ZonedDateTime stamp = parseStamp(timestamp);
      return toSeconds(LocalDateTime.of(stamp.toLocalDate(), time).atZone(stamp.getZone()));
    }
    if (date == null) {
      throw new IllegalArgumentException(
          "the file has no timestamp column: give the date the run started");
    }
    // compared as seconds of the day: LocalTime arithmetic would wrap around midnight itself
    if (last != null && time.toSecondOfDay() < last.toSecondOfDay() - 12 * 3600) {
      date = date.plusDays(1); // tod wrapped: the run went past midnight
    }
    last = time;
    return toSeconds(LocalDateTime.of(date, time).atZone(defaultZone));
  }

  private static LocalTime parseTod(String tod) {
    try {
      return LocalTime.parse(tod, TOD);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("tod \"" + tod + "\" is not HH:mm:ss.SSS");
    }
  }

  private static ZonedDateTime parseStamp(String stamp) {
    try {
      return ZonedDateTime.parse(stamp, STAMP);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "timestamp \"" + stamp + "\" is not MM/dd/yyyy-HH:mm:ss-zone");
    }
  }

  private static double toSeconds(ZonedDateTime t) {
    return t.toInstant().toEpochMilli() / 1000.0;
  }
}
