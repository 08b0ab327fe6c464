package io.headroom.app.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

// No `subcommands` in the annotation: Main registers them (SUBCOMMANDS), only the one named when a
// command line names one, so `headroom analyze` does not build nine other commands' models.
@Command(
    name = "headroom",
    mixinStandardHelpOptions = true,
    version = "headroom 0.1.0",
    description = "Watches a storage benchmark and names what holds it back.")
public final class HeadroomCommand implements Runnable {
  /** The commands, in the order `headroom --help` lists them. */
  static final List<Class<?>> SUBCOMMANDS = List.of(
      DemoCommand.class,
      AnalyzeCommand.class,
      CompareCommand.class,
      ImportCommand.class,
      CollectCommand.class,
      CollectorCommand.class,
      AnalyzerCommand.class,
      RunCommand.class,
      DiscoverCommand.class,
      CaptureCommand.class);

  @Option(names = "--debug", scope = ScopeType.INHERIT,
      description = "Print the stack trace of a failure (for a bug report).")
  boolean debug;

  /** `headroom` alone: the list of commands. */
  @Override
  public void run() {
    Main.commandLine().usage(System.out);
  }
}
