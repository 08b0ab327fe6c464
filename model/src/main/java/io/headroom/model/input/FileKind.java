package io.headroom.model.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What a path a person named is, when it is not a regular file: a directory, a FIFO, a device.
 * Asked before a file is opened, since opening a FIFO waits for a writer (for ever, if none comes)
 * and a device such as /dev/zero never ends.
 */
public final class FileKind {
  // the file-type bits of st_mode (sys/stat.h)
  private static final int S_IFMT = 0170000;
  private static final int S_IFIFO = 0010000;
  private static final int S_IFCHR = 0020000;
  private static final int S_IFBLK = 0060000;
  private static final int S_IFSOCK = 0140000;

  private FileKind() {}

  /**
   * Why {@code file} cannot be read as a file, in words that start with its path ("PATH: is a FIFO,
   * not a file"; "PATH: no such file"), or null when it is a readable regular file.
   */
  public static String problem(Path file) {
    String reason = reason(file);
    return reason == null ? null : file + ": " + reason;
  }

  /** {@link #problem} without the path: "is a FIFO (named pipe), not a file", or null. */
  public static String reason(Path file) {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (java.nio.file.AccessDeniedException e) {
      return "cannot read it (permission denied)"; // a folder on its path that may not be searched
    } catch (IOException e) {
      return "no such file";
    }
    if (!attrs.isRegularFile()) {
      return "is " + notRegular(file, attrs) + ", not a file";
    }
    if (!Files.isReadable(file)) {
      return "cannot read it (permission denied)";
    }
    return null;
  }

  /**
   * Opens a regular file for reading; anything else is refused before it is opened.
   *
   * @throws FileSystemException naming the file and what it is ("is a FIFO (named pipe), not a file")
   */
  public static InputStream open(Path file) throws IOException {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException e) {
      return Files.newInputStream(file); // throws what is wrong (NoSuchFileException, AccessDeniedException)
    }
    if (!attrs.isRegularFile()) {
      throw new FileSystemException(file.toString(), null, "is " + notRegular(file, attrs) + ", not a file");
    }
    return Files.newInputStream(file);
  }

  /**
   * The bytes of a small regular file (a testbed file, a list of tolerances), read whole only when
   * it is at most {@code maxBytes} long.
   *
   * @throws FileSystemException naming the file: not a regular file, or larger than {@code maxBytes}
   */
  public static byte[] readSmall(Path file, int maxBytes) throws IOException {
    try (InputStream in = open(file)) {
      byte[] bytes = in.readNBytes(maxBytes + 1);
      if (bytes.length > maxBytes) {
        throw new FileSystemException(file.toString(), null, "larger than " + BoundedLines.size(maxBytes)
            + ", which is more than such a file holds");
      }
      return bytes;
    }
  }

  /** "a directory", "a FIFO", "a character device", ... for a path that is not a regular file. */
  private static String notRegular(Path file, BasicFileAttributes attrs) {
    if (attrs.isDirectory()) {
      return "a directory";
    }
    try {
      int type = (Integer) Files.getAttribute(file, "unix:mode") & S_IFMT;
      switch (type) {
        case S_IFIFO: return "a FIFO (named pipe)";
        case S_IFCHR: return "a character device";
        case S_IFBLK: return "a block device";
        case S_IFSOCK: return "a socket";
        default: break;
      }
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      // a file system without unix attributes: say what is known
    }
    return "a special file";
  }
}
