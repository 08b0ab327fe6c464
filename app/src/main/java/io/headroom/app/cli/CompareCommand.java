package io.headroom.app.cli;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.ComparisonJson;
import io.headroom.analyzer.compare.Gate;
import io.headroom.analyzer.compare.NoiseFloor;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.app.api.RunComparisons;
import io.headroom.app.service.Unavailable;
import io.headroom.config.DatabaseConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.model.Utf8;
import io.headroom.model.Verdict;
import io.headroom.model.input.FileKind;
import io.headroom.model.recording.ReadStats;
import io.headroom.model.recording.RecordingReader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compares run B with run A phase by phase: what changed beyond the noise, whether the limit "
        + "moved, and why. A and B are recordings, or run ids in the database of the testbed file given with "
        + "--testbed. With one run a side a change must exceed the run-to-run noise floor (default 3.5%); with "
        + "several (A1 A2 A3 -- B1 B2 B3) each run is one observation of Welch's t-test.",
        "Exit codes: 0 compared (and, with --fail-on, no regression); " + ExitCodes.REGRESSION
            + " a regression past a tolerance of --fail-on and beyond the noise; 2 bad usage or input."})
final class CompareCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN", arity = "2..*",
      description = "A then B: the baseline and the run compared with it, each a recording (format v1) or a run id "
          + "with --testbed; or several a side, A's runs, then --, then B's.")
  List<String> runs;

  @Option(names = "--noise-floor", paramLabel = "PCT",
      description = "With one run a side, a change of at most this much is within noise whatever its p-value "
          + "(default: the testbed file's detection.compare.noise_floor, else 3.5%).")
  String noiseFloor;

  @Option(names = "--fail-on", paramLabel = "TOLERANCES",
      description = "Exit " + ExitCodes.REGRESSION + " when a phase's figure moved past a tolerance beyond the noise: "
          + "'throughput<-5%,p99>+10%' (figures: throughput, throughput_bytes_per_s, iops, latency, p99). "
          + "Prints one PASS or FAIL line.")
  List<String> failOn = new ArrayList<>();

  @Option(names = "--tolerances", paramLabel = "FILE",
      description = "Tolerances as for --fail-on, read from a file: one or more a line, # starts a comment.")
  Path tolerances;

  @Option(names = "--junit", paramLabel = "FILE",
      description = "With --fail-on or --tolerances: write the checks as JUnit XML, one test case per phase and tolerance.")
  Path junit;

  @Option(names = "--json", description = "Print the comparison object (docs/verdict-format.md) instead of text.")
  boolean json;

  @Option(names = "--lenient", description = "Skip bad lines of a recording (counted on stderr) instead of stopping at the first.")
  boolean lenient;

  @Option(names = "--testbed", paramLabel = "FILE",
      description = "The testbed file: its detection thresholds judge recordings, and its database holds the runs "
          + "when A and B are run ids.")
  Path testbed;

  @Option(names = "--report", paramLabel = "FILE",
      description = "Also write the comparison page here: one self-contained HTML page (.html, .htm), or a PDF (.pdf).")
  Path report;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    ReportFile.check(report);
    List<List<String>> sides = sides();
    List<String> as = sides.get(0);
    List<String> bs = sides.get(1);
    List<Gate.Rule> rules = rules();
    if (junit != null && rules.isEmpty()) {
      throw new UserError("--junit: the checks come from --fail-on or --tolerances, and neither was given");
    }
    TestbedConfig config = testbed == null ? null : TestbedLoader.load(testbed, Path.of("."));
    Thresholds thresholds = config == null ? Thresholds.defaults() : TestbedOptions.thresholds(config, testbed);
    NoiseFloor floor = floor(config);
    boolean files = java.util.stream.Stream.concat(as.stream(), bs.stream()).allMatch(r -> Files.isRegularFile(Path.of(r)));
    Comparison c;
    try {
      c = files ? recordings(thresholds, as, bs, floor) : stored(config, thresholds, as, bs, floor);
    } catch (IllegalArgumentException e) {
      // a run given twice on a side (RunComparer), said in its words
      throw new UserError(e.getMessage());
    }
    if (report != null) {
      ReportFile.writeComparison(report, c, spec.commandLine().getErr());
    }
    if (json) {
      out.println(ComparisonJson.toJson(c));
    } else {
      ComparisonPrinter.print(c, out);
    }
    out.flush();
    if (rules.isEmpty()) {
      return ExitCodes.OK;
    }
    Gate.Result gate = Gate.check(c, rules);
    if (junit != null) {
      writeJunit(Gate.junit(gate));
    }
    // the line a CI log shows; stdout holds the JSON object with --json
    PrintWriter line = json ? spec.commandLine().getErr() : out;
    line.println(TextEscape.of(gate.line()));
    line.flush();
    return gate.failed() ? ExitCodes.REGRESSION : ExitCodes.OK;
  }

  /**
   * A's runs and B's: the two words, or the words before and after "--" (picocli takes the "--"
   * itself as the end of the options, so where it stood is read from the command line as typed).
   */
  private List<List<String>> sides() throws UserError {
    List<String> typed = spec.commandLine().getParseResult().originalArgs();
    int dash = typed.indexOf("--");
    if (dash < 0) {
      if (runs.size() != 2) {
        throw new UserError("give A and B, or several runs a side as A1 A2 -- B1 B2; got " + runs.size() + " runs and no --");
      }
      return List.of(List.of(runs.get(0)), List.of(runs.get(1)));
    }
    int after = typed.size() - dash - 1;
    if (after < 1 || after >= runs.size()) {
      throw new UserError("several runs a side: A's runs, then --, then B's (A1 A2 -- B1 B2); a side is empty");
    }
    return List.of(List.copyOf(runs.subList(0, runs.size() - after)), List.copyOf(runs.subList(runs.size() - after, runs.size())));
  }

  private List<Gate.Rule> rules() throws UserError {
    List<Gate.Rule> out = new ArrayList<>();
    try {
      for (String spec : failOn) {
        out.addAll(Gate.parse(spec));
      }
      if (tolerances != null) {
        InputFiles.requireReadable(tolerances);
        try {
          out.addAll(Gate.parse(Utf8.decode(FileKind.readSmall(tolerances, 1 << 20))));
        } catch (java.io.IOException e) {
          throw InputFiles.unreadable(tolerances, e);
        }
      }
    } catch (IllegalArgumentException e) {
      throw new UserError((tolerances != null && failOn.isEmpty() ? tolerances + ": " : "--fail-on: ") + e.getMessage());
    }
    return out;
  }

  /** --noise-floor, else the testbed file's detection.compare.noise_floor, else the default. */
  private NoiseFloor floor(TestbedConfig config) throws UserError {
    try {
      if (noiseFloor != null) {
        return NoiseFloor.parse(noiseFloor, "command");
      }
      if (config != null && config.compare().isObject()) {
        java.util.Iterator<String> keys = config.compare().fieldNames();
        while (keys.hasNext()) {
          String key = keys.next();
          if (!key.equals("noise_floor")) {
            throw new UserError(testbed + ": detection.compare: unknown key '" + key + "'; its one key is noise_floor");
          }
        }
      }
      com.fasterxml.jackson.databind.JsonNode set = config == null ? null : config.compare().path("noise_floor");
      if (set != null && !set.isMissingNode() && !set.isNull()) {
        return NoiseFloor.parse(set.asText(), "testbed");
      }
    } catch (IllegalArgumentException e) {
      throw new UserError((noiseFloor != null ? "--noise-floor: " : testbed + ": detection.compare.") + e.getMessage());
    }
    return NoiseFloor.defaults();
  }

  private void writeJunit(String xml) throws UserError {
    try {
      Files.writeString(junit, xml);
    } catch (java.io.IOException e) {
      throw new UserError("--junit: cannot write " + junit + ": " + e.getMessage());
    }
  }

  private Comparison recordings(Thresholds thresholds, List<String> as, List<String> bs, NoiseFloor floor) throws Exception {
    return RunComparer.compare(judged(thresholds, as), judged(thresholds, bs), floor);
  }

  private List<RunComparer.Input> judged(Thresholds thresholds, List<String> files) throws Exception {
    RunAnalyzer analyzer = new RunAnalyzer(thresholds);
    List<RunComparer.Input> out = new ArrayList<>();
    for (String f : files) {
      RunData data = read(Path.of(f));
      out.add(new RunComparer.Input(data, analyzer.analyze(data, RunAnalyzer.defaultRun(data))));
    }
    return out;
  }

  /** The recording's last run, judged as `headroom analyze` judges it: a file with nothing to judge is refused. */
  private RunData read(Path file) throws Exception {
    RunData data = new RunData();
    ReadStats stats = new RecordingReader(lenient).read(file, data::accept);
    if (stats.badLines() > 0) {
      spec.commandLine().getErr().printf("headroom compare: skipped %d bad line(s) of %s; first: %s%n",
          stats.badLines(), file, stats.firstProblems().get(0));
    }
    AnalyzeCommand.judgeable(file, data, stats, RunAnalyzer.defaultRun(data));
    return data;
  }

  private Comparison stored(TestbedConfig config, Thresholds thresholds, List<String> as, List<String> bs,
      NoiseFloor floor) throws Exception {
    String missing = java.util.stream.Stream.concat(as.stream(), bs.stream())
        .filter(r -> !Files.isRegularFile(Path.of(r))).findFirst().orElseThrow();
    if (Files.exists(Path.of(missing))) {
      throw new UserError(FileKind.problem(Path.of(missing))); // a directory, a FIFO, a device: say which
    }
    if (config == null) {
      throw new UserError(missing + ": no such recording; to compare run ids, name the testbed file whose "
          + "database holds them with --testbed");
    }
    DatabaseConfig db = config.database();
    if (db.embedded()) {
      throw new UserError(testbed + ": database.url is not set: run ids are looked up in the testbed's database, "
          + "and " + missing + " is no recording either");
    }
    try {
      return RunComparisons.fromDatabase(db.url(), db.user(), db.password(), thresholds, null, as, bs, floor);
    } catch (IllegalArgumentException e) {
      throw new UserError(db.redactedUrl() + ": " + e.getMessage());
    } catch (java.sql.SQLException e) {
      // SQLState class 08: the connection could not be made or was lost
      if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
        throw new Unavailable("the database at " + db.redactedUrl() + " did not answer: " + e.getMessage());
      }
      throw e;
    }
  }
}
