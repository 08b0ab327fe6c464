package io.headroom.app.cli;

import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.collector.host.Discovery;
import io.headroom.collector.host.HostDiscovery;
import io.headroom.collector.host.HostSourceFactory;
import io.headroom.collector.source.SourceContext;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import io.headroom.model.recording.RecordingWriter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "discover", mixinStandardHelpOptions = true,
    description = "Prints the testbed's entities with their ceilings, the relations between them, and what is "
        + "degraded (links trained below their maximum, devices on no NUMA node).")
final class DiscoverCommand implements Callable<Integer> {
  @Mixin TestbedOptions options;

  @Option(names = "--records", description = "Print entities and relations as recording v1 lines instead.")
  boolean records;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    TestbedConfig testbed = options.load(Files.createTempDirectory("headroom-spool-"));
    for (SourceConfig sc : testbed.sources()) {
      if (!sc.type().equals("host")) {
        out.printf("# %s source of %s: nothing to discover before it runs%n", sc.type(), sc.host());
        continue;
      }
      Discovery d = HostDiscovery.discover(
          HostSourceFactory.config(new SourceContext(sc.host(), sc.interval(), testbed.baseDir()), sc.settings()),
          sc.host());
      if (records) {
        RecordingWriter w = new RecordingWriter(out);
        d.entities().forEach(w::write);
        d.relations().forEach(w::write);
        w.flush();
      } else {
        print(sc.host(), d, out);
      }
    }
    out.flush();
    return 0;
  }

  private static void print(String host, Discovery d, PrintWriter out) {
    out.printf("host %s: %d entities, %d relations%n", host, d.entities().size(), d.relations().size());
    for (Entity e : d.entities()) {
      out.printf("  %-10s %-40s %s%n", e.kind(), e.id(), ceiling(e.capacity()));
    }
    out.println("relations:");
    for (Relation r : d.relations()) {
      out.printf("  %s %s %s%n", r.from(), r.rel(), r.to());
    }
    out.println(d.degraded().isEmpty() ? "degraded: none" : "degraded:");
    d.degraded().forEach(line -> out.println("  " + line));
    if (!d.problems().isEmpty()) {
      out.println("could not read:");
      d.problems().forEach(line -> out.println("  " + line));
    }
  }

  private static String ceiling(Map<String, Double> capacity) {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<String, Double> c : capacity.entrySet()) {
      s.append(s.length() == 0 ? "ceiling " : ", ").append(c.getKey()).append(' ');
      s.append(c.getKey().equals("bytes_per_s") ? String.format("%.3f GB/s", c.getValue() / 1e9) : String.format("%.4g", c.getValue()));
    }
    return s.toString();
  }
}
