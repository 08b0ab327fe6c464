package io.headroom.collector.spool;

/** A place in the spool: a segment and a byte offset inside it. */
public record SpoolPosition(long segment, long offset) implements Comparable<SpoolPosition> {
  @Override
  public int compareTo(SpoolPosition o) {
    int c = Long.compare(segment, o.segment);
    return c != 0 ? c : Long.compare(offset, o.offset);
  }
}
