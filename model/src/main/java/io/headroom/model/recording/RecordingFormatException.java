package io.headroom.model.recording;

import io.headroom.model.input.InputFormatException;

/** A recording line that is not format v1; the message names the file and the line. */
public class RecordingFormatException extends InputFormatException {
  public RecordingFormatException(String source, long line, String problem) {
    super(source, line, problem);
  }
}
