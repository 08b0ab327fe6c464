package io.headroom.app.cli;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.RunDataLoader;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.Infrastructure;
import io.headroom.collector.workload.FioFormatException;
import io.headroom.collector.workload.FioImport;
import io.headroom.collector.workload.HcibenchImporter;
import io.headroom.collector.workload.SysbenchLogImporter;
import io.headroom.collector.workload.VdbenchFlatfileImporter;
import io.headroom.config.TestbedConfig;
import io.headroom.model.RecordingRecord;
import io.headroom.model.input.InputFormatException;
import io.headroom.model.recording.Domains;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "import", mixinStandardHelpOptions = true,
    description = "Makes a finished benchmark's output a run: a fio JSON (--output-format=json) with or without its "
        + "log files (write_iops_log, write_bw_log, write_lat_log, write_hist_log with log_avg_msec; those its job "
        + "options name are found beside it), or fio's logs alone, a vdbench "
        + "flatfile.html, a sysbench log (its output with --report-interval) or an HCIBench results folder (each "
        + "test a phase, each VM's fio output its workload); or, with prometheus, a run's window read from a Prometheus "
        + "that scraped its exporters (--url, --start and --end or --phases; docs/prometheus.md). With a database (testbed file or --db) the run is stored and judged against the "
        + "telemetry stored for its time window; with --alone (or no database named) it is judged by itself.")
final class ImportCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "TOOL", description = "fio, vdbench, sysbench, hcibench or prometheus.")
  String tool;

  @Parameters(index = "1", paramLabel = "FILE", arity = "0..1",
      description = "The fio JSON output (or a fio log), the vdbench flatfile.html, the sysbench log, or HCIBench's results folder (none for prometheus).")
  Path file;

  @Parameters(index = "2..*", paramLabel = "LOG", description = "fio only: more of fio's log files (NAME_iops.N.log, _bw, _clat, _clat_hist).")
  List<Path> logs = new ArrayList<>();

  @Mixin TestbedOptions options;

  @Mixin PrometheusImport prometheus;

  @Option(names = "--run-id", paramLabel = "ID", description = "The run's id (default: import-<file name>).")
  String runId;

  @Option(names = "--host", paramLabel = "NAME", description = "The host the benchmark ran on (default: this one).")
  String host;

  @Option(names = "--alone", description = "Judge the file by itself: store nothing, read no telemetry.")
  boolean alone;

  @Option(names = "--date", paramLabel = "YYYY-MM-DD",
      description = "vdbench flatfiles without a timestamp column: the day the run started.")
  LocalDate date;

  @Option(names = "--tz", paramLabel = "ZONE", defaultValue = "UTC",
      description = "vdbench flatfiles without a timestamp column: the zone of their times (default: ${DEFAULT-VALUE}).")
  ZoneId zone;

  @Option(names = "--end", paramLabel = "INSTANT",
      description = "sysbench logs and fio logs without their JSON (offsets, no times): when the run ended, e.g. 2026-12-02T15:04:05Z (default: the file's last change); "
          + "prometheus: the window's end (default: the --phases run's end).")
  java.time.Instant end;

  @Option(names = "--json", description = "Print the verdict object instead of a table.")
  boolean json;

  @Option(names = "--report", paramLabel = "FILE",
      description = "Also write the run's report page here (a PDF when FILE ends in .pdf).")
  Path report;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    ReportFile.check(report);
    if (!List.of("fio", "vdbench", "sysbench", "hcibench", "prometheus").contains(tool)) {
      throw new UserError("TOOL must be fio, vdbench, sysbench, hcibench or prometheus, not \"" + tool + "\"");
    }
    if (tool.equals("prometheus")) {
      if (file != null) {
        throw new UserError("prometheus takes no FILE (" + file + "): the benchmark's output goes to --phases");
      }
    } else if (file == null) {
      throw new UserError(tool + ": FILE is needed");
    } else if (tool.equals("hcibench")) {
      if (!java.nio.file.Files.isDirectory(file)) {
        throw new UserError(file + ": not a folder (HCIBench's results folder, e.g. /opt/output/results/easy-run-1511824453)");
      }
    } else {
      InputFiles.requireReadable(file);
    }
    if (!logs.isEmpty() && !tool.equals("fio")) {
      throw new UserError("only fio reads more than one file; " + tool + " reads " + file);
    }
    for (Path log : logs) {
      InputFiles.requireReadable(log);
    }
    try (WorkDir work = WorkDir.create("headroom-import-")) {
      TestbedConfig testbed = options.load(work.resolve("spool"));
      List<RecordingRecord> records = tool.equals("prometheus")
          ? prometheus.read(testbed, runId, host, end, spec.commandLine().getErr())
          : read(testbed.testbed(), runId != null ? runId : "import-" + file.getFileName().toString().replaceAll("\\.[^.]*$", ""));
      Run run = records.stream().filter(r -> r instanceof Run).map(r -> (Run) r).findFirst()
          .orElseThrow(() -> new UserError(file + ": no run in it"));
      String id = run.run();
      boolean withDatabase = !alone && !testbed.database().embedded();
      if (!alone && !withDatabase) {
        spec.commandLine().getErr().println("headroom import: no database named (testbed file or --db): judged alone");
      }
      RunAnalyzer analyzer = options.analyzer(testbed);
      RunData data = withDatabase ? null : alone(records);
      Verdict verdict;
      if (withDatabase) {
        Judged judged = storeAndJudge(work.path(), testbed, run, records, analyzer);
        data = judged.data();
        verdict = judged.verdict();
      } else {
        verdict = analyzer.analyze(data, id);
      }
      print(verdict);
      if (report != null) {
        ReportFile.writeRun(report, data, id, verdict, spec.commandLine().getErr());
      }
    }
    return 0;
  }

  private List<RecordingRecord> read(String testbed, String id) throws Exception {
    String on = host != null ? host : TestbedOptions.localHostName();
    List<RecordingRecord> records = new ArrayList<>();
    try {
      if (tool.equals("fio")) {
        List<Path> files = new ArrayList<>(List.of(file));
        files.addAll(logs);
        FioImport.importFiles(files, on, id, testbed, end == null ? null : end.toEpochMilli() / 1000.0, records::add)
            .forEach(note -> spec.commandLine().getErr().println("headroom import: " + note));
      } else if (tool.equals("hcibench")) {
        HcibenchImporter.importDir(file, id, testbed, records::add);
      } else if (tool.equals("sysbench")) {
        SysbenchLogImporter.importFile(file, on, id, testbed, endSeconds(), records::add);
      } else {
        VdbenchFlatfileImporter.importFile(file, on, id, testbed, date, zone, records::add);
      }
    } catch (FioFormatException | InputFormatException e) {
      throw new UserError(e.getMessage());
    } catch (java.io.IOException e) {
      throw InputFiles.unreadable(file, e);
    }
    return records;
  }

  /** --end in Unix seconds, refused when it is no time Headroom stores (toEpochMilli overflows long before). */
  private Double endSeconds() throws UserError {
    if (end == null) {
      return null;
    }
    double seconds = end.getEpochSecond() + end.getNano() / 1e9;
    String problem = Domains.timeProblem("--end", seconds);
    if (problem != null) {
      throw new UserError(problem + " (--end " + end + ")");
    }
    return seconds;
  }

  private static RunData alone(List<RecordingRecord> records) {
    RunData data = new RunData();
    records.forEach(data::accept);
    return data;
  }

  private record Judged(RunData data, Verdict verdict) {}

  /**
   * Stores the run (idempotently: the same file again adds nothing), reads its window back with
   * the telemetry stored for it, judges it and stores the verdict (the API and dashboards show it).
   */
  private static Judged storeAndJudge(Path work, TestbedConfig testbed, Run run, List<RecordingRecord> records,
      RunAnalyzer analyzer) throws Exception {
    try (Infrastructure infra = new Infrastructure(work)) {
      Infrastructure.DbTarget db = infra.database(testbed.database());
      java.util.Properties props = new java.util.Properties();
      if (db.user() != null) {
        props.setProperty("user", db.user());
      }
      if (db.password() != null) {
        props.setProperty("password", db.password());
      }
      try (Connection c = DriverManager.getConnection(db.url(), props)) {
        Migrations.migrateAndMaintain(c, StoreConfig.DEFAULTS);
        ImportedRun.store(c, testbed.testbed(), run, records);
        double end = run.end() == null ? run.start() : run.end();
        // the end inclusive: the last reading is stamped at the run's end
        RunData data = RunDataLoader.load(c, testbed.testbed(), run.start(), Math.nextUp(end));
        Verdict verdict = analyzer.analyze(data, run.run());
        ImportedRun.storeVerdict(c, testbed.testbed(), verdict);
        return new Judged(data, verdict);
      }
    }
  }

  private void print(Verdict verdict) {
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(VerdictJson.toJson(verdict));
    } else {
      VerdictPrinter.print(verdict, out);
    }
    out.flush();
  }
}
