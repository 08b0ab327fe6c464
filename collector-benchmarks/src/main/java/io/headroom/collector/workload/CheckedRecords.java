package io.headroom.collector.workload;

import io.headroom.model.RecordingRecord;
import io.headroom.model.recording.Domains;
import java.util.function.Consumer;

/**
 * The records an importer makes, each checked against the recording format's domains
 * ({@link Domains}) as it is made: a rate of -1600, NaN or 1e400 (read as an infinity) in a
 * benchmark's output is refused naming the file and the line it came from, as a recording's
 * reader refuses it, instead of being judged and drawn.
 */
final class CheckedRecords implements Consumer<RecordingRecord> {
  private final Consumer<RecordingRecord> sink;
  private String where;

  /** @param where what errors name until {@link #at} says more: the file */
  CheckedRecords(Consumer<RecordingRecord> sink, String where) {
    this.sink = sink;
    this.where = where;
  }

  /** The records from here on come from {@code where} ("flatfile.html: line 12"). */
  CheckedRecords at(String where) {
    this.where = where;
    return this;
  }

  /** @throws FioFormatException "WHERE: read_iops of ... is -1600.0: it cannot be negative" */
  @Override
  public void accept(RecordingRecord record) {
    String problem = Domains.problem(record);
    if (problem != null) {
      throw new FioFormatException(where + ": " + problem);
    }
    sink.accept(record);
  }
}
