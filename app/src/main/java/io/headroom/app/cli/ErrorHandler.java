package io.headroom.app.cli;

import io.headroom.config.ConfigException;
import io.headroom.model.recording.RecordingFormatException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns the failures a user can fix (a bad recording line, a bad testbed file, a missing file)
 * into one clear line on stderr and exit code 2, instead of a stack trace. Anything else is a bug
 * and keeps its stack trace.
 */
final class ErrorHandler implements IExecutionExceptionHandler {
  static final int USER_ERROR = 2;

  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parsed) throws Exception {
    if (e instanceof RecordingFormatException || e instanceof ConfigException
        || e instanceof java.nio.file.NoSuchFileException || e instanceof UserError) {
      String message = e instanceof java.nio.file.NoSuchFileException ? "no such file: " + e.getMessage() : e.getMessage();
      cmd.getErr().println("headroom " + cmd.getCommandName() + ": " + message);
      return USER_ERROR;
    }
    throw e;
  }
}
