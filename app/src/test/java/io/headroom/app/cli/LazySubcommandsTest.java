package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Main.commandLine(args) registers only the command that the first word names (a faster start,
 * docs/benchmarks.md "Start-up"), and every command otherwise, so help and "did you mean" still
 * see all ten.
 */
class LazySubcommandsTest {
  private static List<String> registered(String... args) {
    return List.copyOf(Main.commandLine(args).getSubcommands().keySet());
  }

  @Test
  void aNamedCommandIsTheOnlyOneBuilt() {
    assertEquals(List.of("analyze"), registered("analyze", "x.jsonl"));
    assertEquals(List.of("capture"), registered("capture", "--help"));
  }

  @Test
  void everyOtherCommandLineGetsAllTenInHelpOrder() {
    List<String> all = List.of("demo", "analyze", "compare", "import", "collect", "collector", "analyzer",
        "run", "discover", "capture");
    assertEquals(all, registered());
    assertEquals(all, registered("--debug", "analyze"));
    assertEquals(all, registered("anlyze"));
    assertEquals(all, registered("--help"));
  }

  @Test
  void eachListedClassCarriesTheNameItIsFoundBy() {
    for (Class<?> command : HeadroomCommand.SUBCOMMANDS) {
      String name = command.getAnnotation(CommandLine.Command.class).name();
      assertEquals(command, Main.subcommandNamed(name));
    }
    assertEquals(null, Main.subcommandNamed("headroom"));
  }

  @Test
  void theInheritedDebugOptionReachesALazilyAddedCommand() {
    Cli cli = new Cli();
    // a file that does not exist: a user error, exit 1 or 2, never picocli's "Unknown option"
    int rc = cli.run("analyze", "--debug", "/nonexistent/recording.jsonl");
    assertTrue(rc != 0, "exit " + rc);
    assertTrue(!cli.err().contains("Unknown option"), cli.err());
  }

  @Test
  void aMisspeltCommandIsStillOfferedItsNearestName() {
    Cli cli = new Cli();
    assertEquals(ExitCodes.USAGE, cli.run("anlyze", "x.jsonl"));
    assertTrue(cli.err().contains("did you mean 'analyze'?"), cli.err());
  }
}
