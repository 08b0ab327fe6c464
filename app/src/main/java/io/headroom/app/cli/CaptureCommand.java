package io.headroom.app.cli;

import io.headroom.collector.capture.Capture;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "capture", mixinStandardHelpOptions = true,
    description = "Records a device as Headroom reads it, for a bug report or a golden test: runs the testbed's "
        + "source of TYPE once (discover and two scrapes) and writes every answer it got into --out, as its "
        + "stand-in serves it back, with a README of what, when and from what firmware. Serial and part numbers, "
        + "UUIDs and addresses become placeholders unless --keep-serials; credentials are never written. "
        + "Types: redfish (DMTF mockup layout), powerstore (the PowerStore stand-in's array.json). See docs/capture.md.")
final class CaptureCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "TYPE", description = "The source type to capture: ${COMPLETION-CANDIDATES}.",
      completionCandidates = Types.class)
  String type;

  @Option(names = "--testbed", paramLabel = "FILE", required = true,
      description = "Testbed file (docs/configuration.md) with the source to capture.")
  Path testbed;

  @Option(names = "--host", paramLabel = "NAME",
      description = "Which source of TYPE, by its host: name (needed when the testbed has several).")
  String host;

  @Option(names = "--out", paramLabel = "DIR", required = true, description = "New or empty folder to write the capture to.")
  Path out;

  @Option(names = "--deadline", paramLabel = "DURATION", defaultValue = "5m",
      description = "The longest the device is read (default: ${DEFAULT-VALUE}); past it what it answered is written "
          + "and the capture exits " + ExitCodes.PARTIAL + ".")
  String deadline;

  @Option(names = "--keep-serials", description = "Keep serial and part numbers, UUIDs and addresses as the device gave them.")
  boolean keepSerials;

  @Spec CommandSpec spec;

  /** The capturable types, for the help text. */
  static final class Types implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Capture.types().iterator();
    }
  }

  @Override
  public Integer call() throws Exception {
    if (!Capture.types().contains(type)) {
      throw new UserError("capture: no capture for type " + type + "; one of " + String.join(", ", Capture.types()));
    }
    String unusable = Capture.unusable(out);
    if (unusable != null) {
      throw new UserError(unusable); // before the device is asked anything
    }
    TestbedConfig config = TestbedLoader.load(testbed, Path.of(System.getProperty("java.io.tmpdir"), "headroom-unused-spool"));
    SourceConfig sc = pick(config.sources());
    PrintWriter err = spec.commandLine().getErr();
    Capture.Limits limits = new Capture.Limits(deadline(), Capture.Limits.DEFAULT_PROGRESS_EVERY, line -> {
      err.println("headroom " + line);
      err.flush();
    });
    Capture.Result r = Capture.capture(SourceRegistry.discovered().factory(type),
        new SourceContext(sc.host(), sc.interval(), config.baseDir()), sc.settings(), out, keepSerials, Clock.systemUTC(),
        limits);
    PrintWriter w = spec.commandLine().getOut();
    w.println("captured " + type + " " + sc.host() + " into " + out + ": " + r.files().size() + " files; firmware: "
        + r.firmware() + (keepSerials ? "" : "; serials and addresses redacted"));
    w.flush();
    if (r.stopped() != null) {
      err.println("headroom capture: warning: " + type + " " + sc.host() + ": " + r.stopped());
      err.flush();
      return ExitCodes.PARTIAL;
    }
    return ExitCodes.OK;
  }

  private java.time.Duration deadline() throws UserError {
    try {
      java.time.Duration d = io.headroom.config.Durations.parse(deadline);
      if (d.isZero() || d.isNegative()) {
        throw new IllegalArgumentException("must be more than zero");
      }
      return d;
    } catch (IllegalArgumentException e) {
      throw new UserError("capture: --deadline: " + e.getMessage());
    }
  }

  private SourceConfig pick(List<SourceConfig> sources) throws UserError {
    List<SourceConfig> ofType = sources.stream()
        .filter(s -> s.type().equals(type) && (host == null || s.host().equals(host))).toList();
    if (ofType.size() == 1) {
      return ofType.get(0);
    }
    String which = type + (host == null ? "" : " with host " + host);
    if (ofType.isEmpty()) {
      throw new UserError(testbed + ": no " + which + " source to capture");
    }
    throw new UserError(testbed + ": " + ofType.size() + " " + type + " sources (hosts "
        + String.join(", ", ofType.stream().map(SourceConfig::host).toList()) + "); name one with --host");
  }
}
