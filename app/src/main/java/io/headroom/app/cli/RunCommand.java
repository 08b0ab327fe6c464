package io.headroom.app.cli;

import io.headroom.collector.runtime.SchedulerSettings;
import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.app.service.CollectorService;
import io.headroom.app.service.Infrastructure;
import io.headroom.collector.workload.FioFailedException;
import io.headroom.collector.workload.FioRunner;
import io.headroom.collector.workload.SysbenchRunner;
import io.headroom.collector.workload.VdbenchRunner;
import io.headroom.config.ConfigException;
import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.collector.declared.DeclaredSourceFactory;
import io.headroom.collector.declared.WorkloadRelations;
import io.headroom.collector.runtime.RecordingSink;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import io.headroom.model.recording.RecordingWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Runs a benchmark (fio, vdbench and sysbench, read as they run; any other command is one phase judged on the "
        + "sources' telemetry) while the testbed's sources are scraped; streams everything to Kafka "
        + "(and to a recording with --record) and prints the verdict when the benchmark ends.",
    footer = "Example: headroom run --record r.jsonl -- fio --name=t --filename=/tmp/t --size=64m --rw=randread --runtime=10 --time_based")
final class RunCommand implements Callable<Integer> {
  @Mixin TestbedOptions options;

  @Option(names = "--record", paramLabel = "OUT", description = "Also write the run as a recording (format v1).")
  Path record;

  @Option(names = "--run-id", paramLabel = "ID", description = "The run's id (default: run-<unix time>).")
  String runId;

  @Option(names = "--json", description = "Print the verdict object instead of a table.")
  boolean json;

  @Option(names = "--baseline", paramLabel = "SECONDS", defaultValue = "5",
      description = "Read the testbed this long before starting the benchmark (default: ${DEFAULT-VALUE}; 0: not at all):"
          + " each resource's load with no workload, which the verdict takes as its fixed part.")
  int baseline;

  @Parameters(paramLabel = "COMMAND", description = "The benchmark command, after --: fio ARGS, vdbench ARGS, sysbench ARGS, or any command.", arity = "1..*")
  List<String> command;

  @Spec CommandSpec spec;

  /** fio is read as it runs; any other command is timed and judged on the sources' telemetry. */
  private static boolean isFio(String executable) {
    return Path.of(executable).getFileName().toString().equals("fio");
  }

  /** fio read as it runs; null when it succeeded, else its failure (what was collected stays). */
  private FioFailedException runFio(String host, String id, TestbedConfig testbed, Consumer<RecordingRecord> sink)
      throws ConfigException {
    FioRunner runner = new FioRunner(host, id, testbed.testbed(), Path.of("/sys"));
    Runtime.getRuntime().addShutdownHook(new Thread(runner::stop));
    try {
      // Declared relations (the port the data crosses, the volume it targets) join each workload.
      runner.run(command, WorkloadRelations.decorate(DeclaredSourceFactory.workloadRelations(testbed), sink));
      return null;
    } catch (FioFailedException e) {
      return e;
    }
  }

  @Override
  public Integer call() throws Exception {
    if (baseline < 0) {
      throw new UserError("--baseline " + baseline + ": seconds read before the benchmark, 0 or more");
    }
    try (WorkDir work = WorkDir.create("headroom-run-")) {
      return runIn(work.path());
    }
  }

  private int runIn(Path work) throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    TestbedConfig testbed = options.load(work.resolve("spool"));
    String id = runId != null ? runId : "run-" + System.currentTimeMillis() / 1000;
    String host = testbed.sources().stream().map(SourceConfig::host).findFirst().orElse(TestbedOptions.localHostName());
    RunData data = new RunData();
    RecordingWriter writer = record == null ? null : RecordingWriter.create(record);
    Consumer<RecordingRecord> local = r -> {
      data.accept(r);
      if (writer != null) {
        writer.write(r);
      }
    };
    FioFailedException failure = null;
    String commandFailure = null;
    Verdict verdict;
    try (Infrastructure infra = new Infrastructure(work)) {
      KafkaClient bootstrap = infra.kafka(testbed.kafka());
      try (CollectorService collector = new CollectorService(testbed.testbed(), bootstrap,
          new Topics(testbed.kafka().topicPrefix()), testbed.spool(),
          options.runners(testbed), new RecordingSink(local),
          SchedulerSettings.of(testbed.collector()))) {
        double started = System.currentTimeMillis() / 1000.0;
        collector.start();
        if (baseline > 0) {
          err.println("headroom run: reading the testbed for " + baseline + " s before the benchmark starts"
              + " (its load with no workload; --baseline 0 to skip)");
          err.flush();
        }
        Baseline.read(baseline);
        Consumer<RecordingRecord> published = r -> {
          local.accept(r);
          collector.publishRecord(r);
        };
        Consumer<RecordingRecord> both = baseline > 0 ? Baseline.startingAt(started, published) : published;
        if (isFio(command.get(0))) {
          failure = runFio(host, id, testbed, both);
        } else if (VdbenchRunner.isVdbench(command.get(0))) {
          int exit = new VdbenchRunner(host, id, testbed.testbed()).run(command,
              WorkloadRelations.decorate(DeclaredSourceFactory.workloadRelations(testbed), both));
          commandFailure = exit == 0 ? null : "vdbench exited with " + exit;
        } else if (SysbenchRunner.isSysbench(command.get(0))) {
          int exit = new SysbenchRunner(host, id, testbed.testbed()).run(command,
              WorkloadRelations.decorate(DeclaredSourceFactory.workloadRelations(testbed), both), System.out);
          commandFailure = exit == 0 ? null : "sysbench exited with " + exit;
        } else {
          int exit = PlainCommand.run(command, id, testbed.testbed(), both);
          commandFailure = exit == 0 ? null : command.get(0) + " exited with " + exit;
        }
        collector.stopScraping();
        verdict = options.analyzer(testbed).analyze(data, id);
        collector.publishVerdict(id, VerdictJson.toJson(verdict));
        if (!collector.awaitDrained(Duration.ofSeconds(30))) {
          err.println("headroom run: Kafka did not take everything within 30 s; the rest stays in the spool "
              + testbed.spool().dir());
        }
      }
    } finally {
      if (writer != null) {
        writer.close();
      }
    }
    if (json) {
      out.println(VerdictJson.toJson(verdict));
    } else {
      VerdictPrinter.print(verdict, out);
    }
    out.flush();
    if (record != null) {
      err.println("headroom run: recording written to " + record);
    }
    if (failure != null || commandFailure != null) {
      err.println("headroom run: " + (failure != null ? failure.getMessage() : commandFailure));
      return ExitCodes.FAILED;
    }
    return 0;
  }
}
