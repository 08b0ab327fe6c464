package io.headroom.model.recording;

/** A recording line that is not format v1; the message names the file and the line. */
public class RecordingFormatException extends RuntimeException {
  private final String source;
  private final long line;

  public RecordingFormatException(String source, long line, String problem) {
    super(source + ":" + line + ": " + problem);
    this.source = source;
    this.line = line;
  }

  public String source() {
    return source;
  }

  public long line() {
    return line;
  }
}
