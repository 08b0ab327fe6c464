package io.headroom.app.cli;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.app.report.SweepAxes;
import io.headroom.config.TestbedLoader;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.recording.ReadStats;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "analyze", mixinStandardHelpOptions = true,
    description = "Reads recordings (format v1) and prints each one's verdict.")
final class AnalyzeCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Recordings, JSON Lines (format v1); each is judged on its own, in the order given.")
  List<Path> files;

  @Option(names = "--verbose", description = "Show the PDF libraries' own log lines (pdfbox's font fallbacks, "
      + "openhtmltopdf's timings) when --report writes a PDF; by default only their errors.")
  boolean verbose;

  @Option(names = "--json", description = "Print the verdict object (design.md) instead of a table; one line per file.")
  boolean json;

  @Option(names = "--lenient", description = "Skip bad lines (counted on stderr) instead of stopping at the first.")
  boolean lenient;

  @Option(names = "--testbed", paramLabel = "FILE",
      description = "Judge with the detection thresholds of this testbed file (default: the documented defaults).")
  Path testbed;

  @Option(names = "--run", paramLabel = "ID", description = "The run to judge (default: the last one in the file; one file only).")
  String runId;

  @Option(names = "--report", paramLabel = "FILE",
      description = "Also write the run's report here: one self-contained HTML page, or a PDF when FILE ends in .pdf"
          + " (docs/api.md; one file only).")
  Path report;

  @Option(names = "--sweep", paramLabel = "ROWS,COLS", split = ",",
      description = "The report's sweep view by these two phase parameters (bs, rdpct, randompct, iodepth, threads, vms; "
          + "default: the first two that vary).")
  List<String> sweep;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (verbose) {
      ReportFile.verboseLibraries();
    }
    ReportFile.check(report);
    PrintWriter out = spec.commandLine().getOut();
    if (files.size() > 1 && (report != null || runId != null)) {
      throw new UserError((report != null ? "--report writes one run's page" : "--run names a run of one recording")
          + ": give one FILE, not " + files.size());
    }
    for (Path file : files) {
      InputFiles.requireReadable(file); // all of them before the first verdict: no half-done list
    }
    sweepAxes(); // a wrong --sweep is refused before any file is read
    RunAnalyzer analyzer = testbed == null ? new RunAnalyzer()
        : TestbedOptions.analyzer(TestbedLoader.load(testbed, Path.of(".")), testbed);
    for (int i = 0; i < files.size(); i++) {
      if (files.size() > 1 && !json) {
        out.println((i > 0 ? "\n" : "") + "== " + files.get(i) + " ==");
      }
      analyze(files.get(i), analyzer, out);
    }
    out.flush();
    return 0;
  }

  private void analyze(Path file, RunAnalyzer analyzer, PrintWriter out) throws UserError {
    PrintWriter err = spec.commandLine().getErr();
    RunData data = new RunData();
    ReadStats stats;
    try {
      stats = new RecordingReader(lenient).read(file, data::accept);
    } catch (java.io.IOException e) {
      throw InputFiles.unreadable(file, e);
    }
    if (stats.badLines() > 0) {
      err.printf("headroom analyze: skipped %d bad line(s) of %s; first: %s%n",
          stats.badLines(), file, stats.firstProblems().get(0));
    }
    String run = runId != null ? runId : RunAnalyzer.defaultRun(data);
    if (runId != null && !data.runs().containsKey(runId)) {
      throw new UserError(file + " has no run \"" + runId + "\" (runs: " + data.runs().keySet() + ")");
    }
    judgeable(file, data, stats, run);
    Verdict verdict = analyzer.analyze(data, run);
    if (report != null) {
      ReportFile.writeRun(report, data, run, verdict, sweepAxes(), err);
    }
    if (json) {
      out.println(VerdictJson.toJson(verdict));
    } else {
      VerdictPrinter.print(verdict, out);
    }
    out.flush(); // each verdict as soon as it is reached: a long list shows progress
  }

  /** A recording with nothing to judge is an error, not a verdict of NONE. */
  static void judgeable(Path file, RunData data, ReadStats stats, String run) throws UserError {
    if (stats.records() == 0) {
      throw new UserError(file + ": empty recording: no records" + (stats.badLines() > 0
          ? " (" + stats.badLines() + " bad line(s) skipped)" : "") + ", nothing to judge");
    }
    if (data.sampleCount() == 0) {
      throw new UserError(file + ": no samples: " + stats.records() + " record(s), not one reading to judge");
    }
    Run r = run == null ? null : data.runs().get(run);
    if (r != null) {
      double end = r.end() == null ? Double.POSITIVE_INFINITY : r.end();
      if (data.sampleCountBetween(r.start(), end) == 0) {
        throw new UserError(file + ": run \"" + run + "\" has no samples between its start " + r.start()
            + " and its end " + r.end() + ", nothing to judge");
      }
    }
  }

  /** The --sweep parameters, checked before any file is read. */
  private SweepAxes sweepAxes() throws UserError {
    try {
      return sweep == null ? SweepAxes.DEFAULT : SweepAxes.of(sweep);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }
}
