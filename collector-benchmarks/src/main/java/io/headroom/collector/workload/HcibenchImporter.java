package io.headroom.collector.workload;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Imports a finished HCIBench results folder (/opt/output/results/NAME on the appliance): each test
 * folder in it is one phase, named and parametrised as HCIBench names it
 * ({@code fio-8vmdk-100ws-4k-70rdpct-100randompct-4threads-1511829572}: disks per VM, working set
 * %, block size, read %, random %, threads, the test's start time), and each VM's fio output in
 * it ({@code *.json}, fio's --status-interval objects one after another) becomes that VM's
 * workload, replayed interval by interval as {@link FioJsonImporter} does. The VMs' hosts are
 * their file names: each VM's workload runs on its own CPUs. docs/benchmark-source.md says which
 * HCIBench sources this layout was read from.
 */
public final class HcibenchImporter {
  /** A test folder: the tool's prefix, the parameters, the start time in Unix seconds. */
  static final Pattern TEST = Pattern.compile("^(?:.*?)(fio|vdb)-(.+)-(\\d{9,})$");
  private static final Pattern COUNT = Pattern.compile("(?:^|-)(\\d+)(vmdk|ws|rdpct|randompct|threads)(?=-|$)");
  private static final Pattern SIZE = Pattern.compile("(?:^|-)(\\d+)([kKmM])(?:[bB])?(?=-|$)");

  private HcibenchImporter() {}

  /**
   * Reads every test of the folder (or the one test, when DIR is a test folder) before sending
   * anything.
   *
   * @throws FioFormatException no test folder in it, a vdbench test, or a VM's output fio did not write
   */
  public static void importDir(Path dir, String runId, String testbed, Consumer<RecordingRecord> sink) throws IOException {
    List<Path> tests = tests(dir);
    if (tests.isEmpty()) {
      throw new FioFormatException(dir + ": no HCIBench test folder in it (fio-...-<start time>)");
    }
    List<RecordingRecord> body = new ArrayList<>();
    List<Phase> phases = new ArrayList<>();
    for (Path test : tests) {
      phases.add(test(test, runId, unique(test, tests), body));
    }
    double start = phases.stream().mapToDouble(Phase::start).min().orElseThrow();
    double end = phases.stream().mapToDouble(Phase::end).max().orElseThrow();
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", "hcibench");
    workload.put("engine", "fio");
    workload.put("source", dir.getFileName().toString());
    sink.accept(new Run(runId, testbed, start, end, workload));
    phases.forEach(sink);
    body.forEach(sink);
  }

  /** The test folders: DIR itself when it is one, else those in it, by start time. */
  static List<Path> tests(Path dir) throws IOException {
    if (TEST.matcher(dir.getFileName().toString()).matches()) {
      return List.of(dir);
    }
    try (Stream<Path> in = Files.list(dir)) {
      return in.filter(Files::isDirectory).filter(p -> TEST.matcher(p.getFileName().toString()).matches())
          .sorted((a, b) -> Long.compare(startOf(a), startOf(b)) != 0 ? Long.compare(startOf(a), startOf(b))
              : a.getFileName().compareTo(b.getFileName()))
          .toList();
    }
  }

  /** One test: its VMs' records into body; its phase spans them. */
  private static Phase test(Path test, String runId, String name, List<RecordingRecord> body) throws IOException {
    Matcher m = TEST.matcher(test.getFileName().toString());
    m.matches();
    if (m.group(1).equals("vdb")) {
      throw new FioFormatException(test + ": an HCIBench vdbench test; only fio tests are read (import each VM's "
          + "flatfile.html with headroom import vdbench)");
    }
    List<Path> vms;
    try (Stream<Path> in = Files.list(test)) {
      vms = in.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    }
    if (vms.isEmpty()) {
      throw new FioFormatException(test + ": no VM's fio output (*.json) in it");
    }
    double start = Double.POSITIVE_INFINITY;
    double end = Double.NEGATIVE_INFINITY;
    for (Path vm : vms) {
      String host = vm.getFileName().toString().replaceAll("\\.json$", "");
      List<RecordingRecord> records = new ArrayList<>();
      FioIntervalTracker tracker = new FioIntervalTracker(host, name, new RecordedFioTopology(host), records::add);
      FioJsonImporter.read(vm).forEach(tracker::accept);
      // the tracker's phases are fio's job sections; the test is the phase here
      records.stream().filter(r -> !(r instanceof Phase)).forEach(body::add);
      double first = Double.isNaN(tracker.firstStart()) ? tracker.lastTs() : tracker.firstStart();
      start = Math.min(start, first);
      end = Math.max(end, tracker.lastTs());
    }
    Map<String, Object> params = params(m.group(2));
    params.put("vms", (long) vms.size());
    return new Phase(runId, name, start, end, params);
  }

  /** "8vmdk-100ws-4k-70rdpct-100randompct-4threads" as {vmdk=8, ws=100, bs=4096, rdpct=70, randompct=100, threads=4}. */
  static Map<String, Object> params(String spec) {
    Map<String, Object> out = new LinkedHashMap<>();
    Matcher c = COUNT.matcher(spec);
    while (c.find()) {
      out.put(c.group(2), Long.parseLong(c.group(1)));
    }
    Matcher s = SIZE.matcher(spec);
    if (s.find()) {
      long unit = s.group(2).toLowerCase(Locale.ROOT).equals("k") ? 1024 : 1024 * 1024;
      out.put("bs", Long.parseLong(s.group(1)) * unit);
    }
    return out;
  }

  /** The test's name without its start time, unless another test of the run has the same parameters. */
  private static String unique(Path test, List<Path> tests) {
    String full = test.getFileName().toString();
    String bare = full.substring(0, full.lastIndexOf('-'));
    long same = tests.stream().map(t -> t.getFileName().toString()).filter(n -> n.startsWith(bare + "-")
        && n.substring(bare.length() + 1).matches("\\d+")).count();
    return same > 1 ? full : bare;
  }

  private static long startOf(Path test) {
    Matcher m = TEST.matcher(test.getFileName().toString());
    return m.matches() ? Long.parseLong(m.group(3)) : 0;
  }
}
