package io.headroom.app.cli;

import io.headroom.app.service.Unavailable;
import io.headroom.config.ConfigException;
import io.headroom.config.InputFile;
import io.headroom.model.input.InputFormatException;
import java.nio.file.FileSystemException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one clear line on stderr and an exit code ({@link ExitCodes}), instead
 * of a stack trace: what a person can fix (a bad recording line, a bad testbed file, a file that
 * is missing, a directory or unreadable: any {@link FileSystemException}, named by its path) exits 2, a service that does not answer at start exits 69, anything else (a bug) exits 1
 * and names its exception; {@code --debug} adds the stack trace.
 */
final class ErrorHandler implements IExecutionExceptionHandler {
  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parsed) {
    String prefix = "headroom " + cmd.getCommandName() + ": ";
    int code;
    String message;
    if (e instanceof InputFormatException || e instanceof ConfigException || e instanceof UserError) {
      code = ExitCodes.USAGE;
      message = e.getMessage();
    } else if (e instanceof FileSystemException f) {
      // a file named on the command line or in a testbed file: missing, a directory, not readable
      code = ExitCodes.USAGE;
      message = (f.getFile() == null ? "" : f.getFile() + ": ") + InputFile.reason(f);
    } else if (e instanceof Unavailable) {
      code = ExitCodes.UNAVAILABLE;
      message = e.getMessage();
    } else {
      code = ExitCodes.FAILED;
      message = "failed: " + e + (debug(parsed) ? "" : " (run with --debug for the stack trace)");
    }
    cmd.getErr().println(prefix + message);
    if (debug(parsed)) {
      e.printStackTrace(cmd.getErr());
    }
    return code;
  }

  /** --debug anywhere on the command line (it is inherited by every subcommand). */
  private static boolean debug(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--debug")) {
        return true;
      }
    }
    return false;
  }
}
