package io.headroom.model.input;

/**
 * Input a person gave Headroom that cannot be read as what it should be; the message starts with
 * the file and the line ("flatfile.html:12: ..."), the form editors jump to, so a command can print
 * it as it is and exit 2.
 */
public class InputFormatException extends RuntimeException {
  private final String source;
  private final long line;
  private final String problem;

  public InputFormatException(String source, long line, String problem) {
    super(source + ":" + line + ": " + problem);
    this.source = source;
    this.line = line;
    this.problem = problem;
  }

  public String source() {
    return source;
  }

  public long line() {
    return line;
  }

  /** The message without the file and line. */
  public String problem() {
    return problem;
  }
}
