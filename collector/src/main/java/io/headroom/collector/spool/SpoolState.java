package io.headroom.collector.spool;

/**
 * What the spool keeps across restarts besides its records: where reading resumes, and the running
 * totals of what was lost (records dropped unsent when the spool was full, torn or corrupt frames
 * skipped). Kept in one file, so a cursor that moves past lost records and the count of them
 * change together.
 */
record SpoolState(SpoolPosition cursor, long dropped, long corruptFrames) {
  SpoolState at(SpoolPosition newCursor) {
    return new SpoolState(newCursor, dropped, corruptFrames);
  }

  SpoolState plus(long moreDropped, long moreCorrupt) {
    return new SpoolState(cursor, dropped + moreDropped, corruptFrames + moreCorrupt);
  }
}
