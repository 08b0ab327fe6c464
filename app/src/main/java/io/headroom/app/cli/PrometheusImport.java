package io.headroom.app.cli;

import io.headroom.app.service.Sources;
import io.headroom.app.service.Unavailable;
import io.headroom.collector.declared.DeclaredSourceFactory;
import io.headroom.collector.declared.WorkloadRelations;
import io.headroom.collector.prometheus.ExporterMapping;
import io.headroom.collector.prometheus.MappingFiles;
import io.headroom.collector.prometheus.PromApi;
import io.headroom.collector.prometheus.PrometheusReader;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.TlsSettings;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.collector.workload.FioFormatException;
import io.headroom.collector.workload.FioJsonImporter;
import io.headroom.config.ConfigException;
import io.headroom.config.TestbedConfig;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.recording.RecordingReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * {@code headroom import prometheus}: a run's telemetry read from a Prometheus Headroom did not
 * deploy, through the exporters' mapping files (docs/prometheus.md), beside the run's phases
 * and workload from the benchmark's own output and the testbed file's declared entities and
 * relations.
 */
final class PrometheusImport {
  /** Problems printed in full; the rest are counted. */
  static final int SHOWN_PROBLEMS = 20;

  @Option(names = "--url", paramLabel = "URL",
      description = "prometheus: the server's base URL (https://prom:9090; http:// needs --plaintext). Prometheus, VictoriaMetrics, Mimir or Thanos.")
  URI url;

  @Option(names = "--start", paramLabel = "INSTANT",
      description = "prometheus: the window's start, e.g. 2026-12-02T15:00:00Z (default: the --phases run's start).")
  Instant start;

  @Option(names = "--phases", paramLabel = "FILE",
      description = "prometheus: the run's phases and workload from the benchmark's own output: a fio JSON, or a Headroom recording (its run, phases and workload; its other readings are left out).")
  Path phases;

  @Option(names = "--mapping", paramLabel = "FILE|DIR",
      description = "prometheus: a mapping file (or a folder of them) over the shipped ones (node_exporter, if_mib): one of the same exporter: replaces it.")
  Path mapping;

  @Option(names = "--step", paramLabel = "SECONDS",
      description = "prometheus: seconds between readings (default: the scrape interval, from the samples' spacing).")
  double step;

  @Option(names = "--username", paramLabel = "NAME", description = "prometheus: HTTP Basic user (the password from --password-env or --password-file).")
  String username;

  @Option(names = "--password-env", paramLabel = "VAR",
      description = "prometheus: the environment variable holding the password, or without --username the bearer token.")
  String passwordEnv;

  @Option(names = "--password-file", paramLabel = "FILE",
      description = "prometheus: a file holding the password, or without --username the bearer token.")
  Path passwordFile;

  @Option(names = "--ca-file", paramLabel = "FILE", description = "prometheus: the CA certificate (PEM) the server's certificate is verified with.")
  Path caFile;

  @Option(names = "--plaintext", description = "prometheus: allow an http:// URL (no TLS).")
  boolean plaintext;

  /**
   * The run's records: its phases and workload (from --phases, else one phase over --start..--end),
   * the testbed's declared entities and relations, and what Prometheus holds for the window.
   */
  List<RecordingRecord> read(TestbedConfig testbed, String runId, String host, Instant end, PrintWriter err)
      throws Exception {
    if (url == null) {
      throw new UserError("prometheus: --url is needed (the Prometheus server's base URL)");
    }
    List<RecordingRecord> records = withTestbed(testbed, benchmark(testbed.testbed(), runId, host, end));
    Run run = records.stream().filter(r -> r instanceof Run).map(r -> (Run) r).findFirst().orElseThrow();
    double from = start != null ? seconds(start) : run.start();
    double to = end != null ? seconds(end) : run.end() == null ? run.start() : run.end();
    if (to <= from) {
      throw new UserError("prometheus: the window ends (" + to + ") before it starts (" + from + ")");
    }
    // read from before the benchmark: the run starts there, and its readings before the first
    // phase are the testbed with no workload (the analyzer's Idle)
    records.replaceAll(r -> Baseline.startingAt(from, r));
    List<ExporterMapping> mappings = MappingFiles.load(mapping);
    PrometheusReader.Result result;
    try (PromApi api = new PromApi(client(testbed), credentials(testbed))) {
      result = new PrometheusReader(api, mappings, PrometheusReader.Settings.DEFAULTS.withStep(step))
          .read(from, to);
    } catch (IOException e) {
      // the server down, refusing the login or a query: named with the request, never the secret
      throw new Unavailable("prometheus: " + e.getMessage());
    }
    report(result, err);
    records.addAll(result.records());
    return records;
  }

  private RemoteHttpClient client(TestbedConfig testbed) throws ConfigException {
    RemoteEndpoint endpoint = RemoteEndpoint.of(url).withPlaintext(plaintext)
        .withTls(caFile == null ? TlsSettings.VERIFIED : TlsSettings.ca(caFile.toAbsolutePath()));
    List<String> problems = endpoint.validate();
    if (!problems.isEmpty()) {
      throw new ConfigException("prometheus: " + String.join("; ", problems).replace("plaintext: true", "--plaintext"));
    }
    return RemoteHttpClient.builder(endpoint, credentials(testbed)).build();
  }

  private Credentials credentials(TestbedConfig testbed) throws ConfigException {
    RemoteEndpoint endpoint = RemoteEndpoint.of(url).withLogin(username, passwordEnv,
        passwordFile == null ? null : passwordFile.toAbsolutePath());
    return Credentials.resolve(endpoint, testbed.baseDir());
  }

  /** The run, its phases and workload: from --phases, else one phase over the window. */
  private List<RecordingRecord> benchmark(String testbed, String runId, String host, Instant end) throws Exception {
    if (phases == null) {
      if (start == null || end == null) {
        throw new UserError("prometheus: give --start and --end, or --phases with the benchmark's output");
      }
      String id = runId != null ? runId : "prometheus-" + start.getEpochSecond();
      Map<String, Object> workload = new LinkedHashMap<>();
      workload.put("tool", "prometheus");
      workload.put("source", url.toString());
      return List.of(new Run(id, testbed, seconds(start), seconds(end), workload),
          new Phase(id, "window", seconds(start), seconds(end)));
    }
    InputFiles.requireReadable(phases);
    List<RecordingRecord> out = new ArrayList<>();
    try {
      if (isRecording(phases)) {
        benchmarkOfRecording(RecordingReader.readAll(phases, false), out);
      } else {
        String id = runId != null ? runId : "import-" + phases.getFileName().toString().replaceAll("\\.[^.]*$", "");
        FioJsonImporter.importFile(phases, host != null ? host : TestbedOptions.localHostName(), id, testbed, out::add);
      }
    } catch (FioFormatException e) {
      throw new UserError(e.getMessage());
    } catch (IOException e) {
      throw InputFiles.unreadable(phases, e);
    }
    if (out.stream().noneMatch(r -> r instanceof Run)) {
      throw new UserError(phases + ": no run in it");
    }
    return out;
  }

  /** A Headroom recording's last run: it, its phases, its workload entities, their relations and readings. */
  static void benchmarkOfRecording(List<RecordingRecord> all, List<RecordingRecord> out) {
    Run run = all.stream().filter(r -> r instanceof Run).map(r -> (Run) r).reduce((a, b) -> b).orElse(null);
    if (run == null) {
      return;
    }
    Set<String> workloads = new HashSet<>();
    for (RecordingRecord r : all) {
      if (r instanceof Entity e && e.kind().equals(EntityKind.WORKLOAD)) {
        workloads.add(e.id());
      }
    }
    Map<String, Run> runs = new LinkedHashMap<>();
    for (RecordingRecord r : all) {
      boolean keep = r instanceof Phase p ? p.run().equals(run.run())
          : r instanceof Entity e ? workloads.contains(e.id())
          : r instanceof Relation rel ? workloads.contains(rel.from())
          : r instanceof Sample s && workloads.contains(s.entity());
      if (r instanceof Run rr && rr.run().equals(run.run())) {
        runs.put(rr.run(), rr); // the last record of the run holds its end
      } else if (keep) {
        out.add(r);
      }
    }
    out.add(0, runs.get(run.run()));
  }

  private static boolean isRecording(Path file) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!line.isBlank()) {
          return line.trim().startsWith("{\"type\"");
        }
      }
    }
    return false;
  }

  /**
   * The benchmark's records as {@code headroom run} would send them on this testbed (each workload
   * with the relations the file's {@code workloads:} give it: the port its data crosses, the volume
   * it targets), then the entities and relations the file declares, as its declared sources send them.
   */
  static List<RecordingRecord> withTestbed(TestbedConfig testbed, List<RecordingRecord> benchmark) throws Exception {
    List<RecordingRecord> out = new ArrayList<>();
    benchmark.forEach(WorkloadRelations.decorate(DeclaredSourceFactory.workloadRelations(testbed), out::add));
    for (int i = 0; i < testbed.sources().size(); i++) {
      if (!testbed.sources().get(i).type().equals("declared")) {
        continue;
      }
      try (Source source = Sources.source(testbed, i, SourceRegistry.discovered())) {
        Discovery d = source.discover();
        out.addAll(d.entities());
        out.addAll(d.relations());
      }
    }
    return out;
  }

  private static void report(PrometheusReader.Result result, PrintWriter err) {
    result.steps().forEach((exporter, s) -> err.printf("headroom import: prometheus: %s read at a %.3g s step%n", exporter, s));
    List<String> problems = result.problems();
    for (int i = 0; i < Math.min(SHOWN_PROBLEMS, problems.size()); i++) {
      err.println("headroom import: prometheus: " + problems.get(i));
    }
    if (problems.size() > SHOWN_PROBLEMS) {
      err.println("headroom import: prometheus: and " + (problems.size() - SHOWN_PROBLEMS) + " more like these");
    }
    err.flush();
  }

  private static double seconds(Instant t) {
    return t.toEpochMilli() / 1000.0;
  }
}
