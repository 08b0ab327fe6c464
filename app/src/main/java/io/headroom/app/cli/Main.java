package io.headroom.app.cli;

import picocli.CommandLine;

/** Entry point of the `headroom` launcher. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  public static CommandLine commandLine() {
    return new CommandLine(new HeadroomCommand())
        .setExecutionExceptionHandler(new ErrorHandler());
  }
}
