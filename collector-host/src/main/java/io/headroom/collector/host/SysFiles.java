package io.headroom.collector.host;

import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads small proc and sys files. Two flavours: {@code optional} for files that many devices
 * lack by nature (a virtio device has no link speed), which yield null quietly; and
 * {@code required} for files whose absence means something went wrong (a disk vanished between
 * scrapes), which also leave a problem on the scrape naming the file.
 */
final class SysFiles {
  private final Scrape scrape;

  SysFiles(Scrape scrape) {
    this.scrape = scrape;
  }

  /** The file's text, trimmed; null when missing or unreadable. */
  static String optional(Path file) {
    try {
      // ISO-8859-1: sysfs is ASCII and this decoding cannot fail or allocate a decoder.
      return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).trim();
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /** Like {@link #optional} but an absent, unreadable or empty file is a problem. */
  String required(Path file) {
    String text;
    try {
      text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).trim();
    } catch (IOException | SecurityException e) {
      unreadable(file, e);
      return null;
    }
    if (text.isEmpty()) {
      scrape.problem(file.toString(), "empty");
      return null;
    }
    return text;
  }

  /**
   * {@link #required(Path)} into a buffer kept by the caller, for the large files read every
   * scrape: false, with the same problem noted, when the file is absent, unreadable or blank.
   */
  boolean required(Path file, FileBytes into) {
    try {
      into.read(file);
    } catch (IOException | SecurityException e) {
      unreadable(file, e);
      return false;
    }
    if (into.blank()) {
      scrape.problem(file.toString(), "empty");
      return false;
    }
    return true;
  }

  private void unreadable(Path file, Exception e) {
    scrape.problem(file.toString(), e instanceof NoSuchFileException ? "missing" : "unreadable: " + e.getMessage());
  }

  /** A required decimal (or 0x-hex, as fc_host statistics are) counter; null when unusable. */
  Long requiredLong(Path file) {
    String text = required(file);
    if (text == null) {
      return null;
    }
    Long v = parseLong(text);
    if (v == null) {
      scrape.problem(file.toString(), "not a number: \"" + text + "\"");
    }
    return v;
  }

  static Long optionalLong(Path file) {
    String text = optional(file);
    return text == null ? null : parseLong(text);
  }

  static Long parseLong(String text) {
    try {
      if (text.startsWith("0x") || text.startsWith("0X")) {
        return Long.parseUnsignedLong(text.substring(2), 16);
      }
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Discovers one entry of a sysfs directory; may throw when the entry vanishes meanwhile. */
  interface EntryReader {
    void read(Path entry) throws IOException;
  }

  /**
   * Reads every entry of a sysfs directory, each in isolation: a device removed while the
   * directory is walked is a problem on the scrape, and the walk goes on.
   */
  void eachEntry(Path dir, EntryReader reader) throws IOException {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path entry : entries) {
        try {
          reader.read(entry);
        } catch (IOException e) {
          problem(entry, "vanished during discovery: " + e.getMessage());
        }
      }
    }
  }

  void problem(Path file, String reason) {
    scrape.problem(file.toString(), reason);
  }

  void problem(String subResource, String reason) {
    scrape.problem(subResource, reason);
  }
}
