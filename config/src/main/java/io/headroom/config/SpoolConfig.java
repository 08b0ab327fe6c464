package io.headroom.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The collector's on-disk buffer for when Kafka is unreachable.
 *
 * @param maxBytes past this, the oldest records are dropped (and counted)
 * @param segmentBytes size of one spool file; the oldest whole file is what gets dropped
 */
public record SpoolConfig(Path dir, long maxBytes, long segmentBytes) {
  public static final long DEFAULT_MAX_BYTES = 256L << 20;
  public static final long DEFAULT_SEGMENT_BYTES = 4L << 20;

  public static SpoolConfig at(Path dir) {
    return new SpoolConfig(dir, DEFAULT_MAX_BYTES, DEFAULT_SEGMENT_BYTES);
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (dir == null) {
      problems.add("dir: must be set");
    }
    if (segmentBytes < 4096) {
      problems.add("segment_bytes: must be at least 4096");
    }
    if (maxBytes < 2 * segmentBytes) {
      problems.add("max_bytes: must be at least two segments (" + 2 * segmentBytes + " bytes)");
    }
    return problems;
  }
}
