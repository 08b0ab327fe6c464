package io.headroom.app.cli;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.ComparisonJson;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.app.api.RunComparisons;
import io.headroom.app.report.ComparePage;
import io.headroom.app.service.Unavailable;
import io.headroom.config.DatabaseConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.model.Verdict;
import io.headroom.model.recording.ReadStats;
import io.headroom.model.recording.RecordingReader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Compares run B with run A phase by phase: what changed beyond the noise (Mann-Whitney U "
        + "over the per-second samples), whether the limit moved, and why. A and B are recordings, or run ids "
        + "in the database of the testbed file given with --testbed.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "A", description = "The baseline: a recording (format v1), or a run id with --testbed.")
  String a;

  @Parameters(index = "1", paramLabel = "B", description = "The run compared with it, the same way.")
  String b;

  @Option(names = "--json", description = "Print the comparison object (docs/verdict-format.md) instead of text.")
  boolean json;

  @Option(names = "--lenient", description = "Skip bad lines of a recording (counted on stderr) instead of stopping at the first.")
  boolean lenient;

  @Option(names = "--testbed", paramLabel = "FILE",
      description = "The testbed file: its detection thresholds judge recordings, and its database holds the runs "
          + "when A and B are run ids.")
  Path testbed;

  @Option(names = "--report", paramLabel = "HTML", description = "Also write the comparison page here (one self-contained HTML file).")
  Path report;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    TestbedConfig config = testbed == null ? null : TestbedLoader.load(testbed, Path.of("."));
    Thresholds thresholds = config == null ? Thresholds.defaults() : TestbedOptions.thresholds(config, testbed);
    Comparison c = Files.isRegularFile(Path.of(a)) && Files.isRegularFile(Path.of(b))
        ? recordings(thresholds) : stored(config, thresholds);
    if (report != null) {
      ReportFile.write(report, ComparePage.render(c), spec.commandLine().getErr());
    }
    if (json) {
      out.println(ComparisonJson.toJson(c));
    } else {
      ComparisonPrinter.print(c, out);
    }
    out.flush();
    return 0;
  }

  private Comparison recordings(Thresholds thresholds) throws Exception {
    RunAnalyzer analyzer = new RunAnalyzer(thresholds);
    RunData dataA = read(Path.of(a));
    RunData dataB = read(Path.of(b));
    Verdict verdictA = analyzer.analyze(dataA, RunAnalyzer.defaultRun(dataA));
    Verdict verdictB = analyzer.analyze(dataB, RunAnalyzer.defaultRun(dataB));
    return RunComparer.compare(dataA, verdictA, dataB, verdictB);
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

  private Comparison stored(TestbedConfig config, Thresholds thresholds) throws Exception {
    String missing = Files.isRegularFile(Path.of(a)) ? b : a;
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
      return RunComparisons.fromDatabase(db.url(), db.user(), db.password(), thresholds, null, a, b);
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
