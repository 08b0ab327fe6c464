package io.headroom.app.cli;

import io.headroom.config.DidYouMean;
import java.util.List;
import picocli.CommandLine;

/** Entry point of the `headroom` launcher. */
public final class Main {
  /** picocli's own switch for its look-up of Groovy's Closure class (CommandLine.DefaultFactory). */
  static final String NO_GROOVY_CLOSURES = "picocli.disable.closures";

  private Main() {}

  public static void main(String[] args) {
    skipGroovyLookup();
    System.exit(commandLine(args).execute(args));
  }

  /**
   * Why: picocli's default factory, when first used, asks for {@code groovy.lang.Closure} (a Groovy
   * script may give a closure in an annotation). Headroom has no Groovy, and a class on no jar is
   * looked for in every one: each of the 97 jars on the class path opened and its directory read,
   * 60-70 ms of a small analyze's half second (docs/benchmarks.md, "Start-up, fifth pass").
   * picocli's documented property turns the look-up off; a value given on the command line stays.
   */
  static void skipGroovyLookup() {
    if (System.getProperty(NO_GROOVY_CLOSURES) == null) {
      System.setProperty(NO_GROOVY_CLOSURES, "true");
    }
  }

  /**
   * A word that is no command, or an option or value that does not fit: one line saying which
   * (with the command it was likely meant to be), one line pointing at the help, exit 2 (a script
   * that called `headroom import` must not think it worked). The help itself is not printed: 35
   * lines would bury the one that matters.
   */
  private static int badUsage(CommandLine.ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    java.io.PrintWriter err = cmd.getErr();
    String word = unknownCommand(e);
    if (word != null) {
      String near = DidYouMean.nearest(word, cmd.getSubcommands().keySet());
      err.println(cmd.getCommandName() + ": unknown command '" + word + "'; " + (near != null
          ? "did you mean '" + near + "'?" : "the commands are: " + String.join(", ", cmd.getSubcommands().keySet())));
    } else {
      err.println(commandPath(cmd) + ": " + e.getMessage());
    }
    err.println("Run '" + commandPath(cmd) + " --help' for " + (word != null ? "the commands." : "its options."));
    return ExitCodes.USAGE;
  }

  /** The word a command that has subcommands did not know, or null when the error is another. */
  private static String unknownCommand(CommandLine.ParameterException e) {
    boolean unknown = e instanceof CommandLine.UnmatchedArgumentException u && !e.getCommandLine().getSubcommands().isEmpty()
        && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-");
    return unknown ? ((CommandLine.UnmatchedArgumentException) e).getUnmatched().get(0) : null;
  }

  /** "headroom analyze": what a person types to reach {@code cmd}. */
  private static String commandPath(CommandLine cmd) {
    return cmd.getParent() == null ? cmd.getCommandName() : commandPath(cmd.getParent()) + " " + cmd.getCommandName();
  }

  /** The whole command line, every command registered (for help, tests and unknown words). */
  public static CommandLine commandLine() {
    return commandLine(new String[0]);
  }

  /**
   * The command line for {@code args}: when its first word names a command, only that command is
   * registered. Why: picocli builds each registered command's model by reflection when it is
   * added, and for a short `headroom analyze` the other nine cost a sixth of the start-up
   * (docs/benchmarks.md, "Start-up"). Anything else (no word, an option, an unknown or misspelt
   * word) gets every command, so help and "did you mean" see them all.
   */
  public static CommandLine commandLine(String[] args) {
    CommandLine root = new CommandLine(new HeadroomCommand())
        .setExecutionExceptionHandler(new ErrorHandler())
        .setParameterExceptionHandler(Main::badUsage);
    Class<?> named = args.length > 0 ? subcommandNamed(args[0]) : null;
    for (Class<?> command : named != null ? List.of(named) : HeadroomCommand.SUBCOMMANDS) {
      root.addSubcommand(new CommandLine(command));
    }
    return root;
  }

  /** The command class whose @Command name is {@code word}, or null. */
  static Class<?> subcommandNamed(String word) {
    for (Class<?> command : HeadroomCommand.SUBCOMMANDS) {
      if (command.getAnnotation(CommandLine.Command.class).name().equals(word)) {
        return command;
      }
    }
    return null;
  }
}
