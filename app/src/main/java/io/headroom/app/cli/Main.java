package io.headroom.app.cli;

import picocli.CommandLine;

/** Entry point of the `headroom` launcher. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /**
   * A word that is no command, or an option or value that does not fit: say which, list what is
   * there, exit 2 (a script that called `headroom import` must not think it worked).
   */
  private static int badUsage(CommandLine.ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    java.io.PrintWriter err = cmd.getErr();
    boolean unknownCommand = e instanceof CommandLine.UnmatchedArgumentException u
        && !cmd.getSubcommands().isEmpty() && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-");
    if (unknownCommand) {
      String word = ((CommandLine.UnmatchedArgumentException) e).getUnmatched().get(0);
      err.println(cmd.getCommandName() + ": unknown command '" + word + "'; the commands are: "
          + String.join(", ", cmd.getSubcommands().keySet()));
    } else {
      err.println(cmd.getCommandName() + ": " + e.getMessage());
    }
    cmd.usage(err);
    return ExitCodes.USAGE;
  }

  public static CommandLine commandLine() {
    return new CommandLine(new HeadroomCommand())
        .setExecutionExceptionHandler(new ErrorHandler())
        .setParameterExceptionHandler(Main::badUsage);
  }
}
