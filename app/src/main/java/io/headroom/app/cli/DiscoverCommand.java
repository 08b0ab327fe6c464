package io.headroom.app.cli;

import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.DiscoveryText;
import io.headroom.collector.source.Source;
import io.headroom.app.service.Sources;
import io.headroom.config.ConfigException;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.model.recording.RecordingWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "discover", mixinStandardHelpOptions = true,
    description = "Prints the testbed's entities with their ceilings, the relations between them, and what is "
        + "degraded (links trained below their maximum, devices on no NUMA node). A source that cannot be read "
        + "is a warning and the others are still printed; the exit code is then " + ExitCodes.PARTIAL + ", whatever its "
        + "type: a device that does not answer, refuses the login, or gives nothing to discover.")
final class DiscoverCommand implements Callable<Integer> {
  @Mixin TestbedOptions options;

  @Option(names = "--records", description = "Print entities and relations as recording v1 lines instead.")
  boolean records;

  @Spec CommandSpec spec;

  /** A device read for longer than this says so on stderr, and again each time as long. */
  static final java.time.Duration PROGRESS_EVERY = java.time.Duration.ofSeconds(5);

  /** The {@code i}th source; its refused settings named with the file and {@code sources[i]}. */
  private Source made(TestbedConfig testbed, int i, SourceRegistry registry) throws ConfigException {
    try {
      return Sources.source(testbed, i, registry);
    } catch (ConfigException e) {
      throw options.inFile(e);
    }
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    TestbedConfig testbed = options.loadSources(Path.of(System.getProperty("java.io.tmpdir"), "headroom-unused-spool"));
    SourceRegistry registry = SourceRegistry.discovered();
    int failed = 0;
    for (int i = 0; i < testbed.sources().size(); i++) {
      SourceConfig sc = testbed.sources().get(i);
      Discovery d;
      try (Source source = made(testbed, i, registry);
          Progress progress = Progress.every(PROGRESS_EVERY, s -> "headroom discover: " + sc.type() + " " + sc.host()
              + ": still reading after " + s + " s", spec.commandLine().getErr())) {
        d = source.discover();
      } catch (IOException e) {
        // a device that does not answer is the device's problem, not the testbed's: the others still count
        failed++;
        warn(sc, e.getMessage(), out);
        continue;
      }
      if (d.entities().isEmpty() && !d.problems().isEmpty()) {
        // the same device, told as a discovery with nothing in it and why (the Redfish walk's way)
        failed++;
        warn(sc, String.join("; ", d.problems()), out);
        continue;
      }
      if (records) {
        RecordingWriter w = new RecordingWriter(out);
        d.entities().forEach(w::write);
        d.relations().forEach(w::write);
        w.flush();
      } else {
        DiscoveryText.print(sc.type(), sc.host(), d, out);
      }
    }
    out.flush();
    return failed == 0 ? ExitCodes.OK : ExitCodes.PARTIAL;
  }

  /** One line on stderr, and in the text listing where the source's entities would have been. */
  private void warn(SourceConfig sc, String why, PrintWriter out) {
    String line = sc.type() + " " + sc.host() + ": not discovered: " + why;
    spec.commandLine().getErr().println("headroom discover: warning: " + line);
    if (!records) {
      out.println(line);
    }
  }
}
