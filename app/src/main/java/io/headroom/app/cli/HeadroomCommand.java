package io.headroom.app.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

@Command(
    name = "headroom",
    mixinStandardHelpOptions = true,
    version = "headroom 0.1.0",
    description = "Watches a storage benchmark and names what holds it back.",
    subcommands = {
      DemoCommand.class,
      AnalyzeCommand.class,
      CompareCommand.class,
      ImportCommand.class,
      CollectCommand.class,
      CollectorCommand.class,
      AnalyzerCommand.class,
      RunCommand.class,
      DiscoverCommand.class,
      CaptureCommand.class,
    })
public final class HeadroomCommand implements Runnable {
  @Option(names = "--debug", scope = ScopeType.INHERIT,
      description = "Print the stack trace of a failure (for a bug report).")
  boolean debug;

  /** `headroom` alone: the list of commands. */
  @Override
  public void run() {
    new picocli.CommandLine(this).usage(System.out);
  }
}
