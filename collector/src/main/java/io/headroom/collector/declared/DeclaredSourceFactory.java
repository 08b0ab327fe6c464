package io.headroom.collector.declared;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.ConfigException;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.model.MetricDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Registers the declared source as {@code type: declared}; keys in docs/configuration.md. */
public final class DeclaredSourceFactory implements SourceFactory {
  public static final String TYPE = "declared";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public List<MetricDef> metrics() {
    return DeclaredMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    Duration interval = context.interval() == null ? Duration.ofSeconds(1) : context.interval();
    return new DeclaredSource(config(context, settings), interval, Runtime.getRuntime().availableProcessors());
  }

  static DeclaredSourceConfig config(SourceContext context, JsonNode settings) throws ConfigException {
    DeclaredSettings s = new DeclaredSettings();
    s.unknownKeys(settings, DeclaredSettings.KEYS, "");
    Path sys = context.baseDir().resolve(settings.path("sys_root").asText("/sys"));
    if (!Files.isDirectory(sys)) {
      s.problems.add("sys_root: " + sys + " is not a directory");
    }
    DeclaredSourceConfig config = new DeclaredSourceConfig(sys, s.entities(settings.get("entities")),
        s.relations(settings.get("relations")), s.workloads(settings.get("workloads")));
    if (config.entities().isEmpty() && config.relations().isEmpty() && config.workloads().isEmpty() && s.problems.isEmpty()) {
      s.problems.add("declares nothing: give entities, relations or workloads");
    }
    if (!s.problems.isEmpty()) {
      throw new ConfigException("declared source of " + context.host() + ": " + String.join("; ", s.problems));
    }
    return config;
  }

  /**
   * The relations every workload of a run gets, from all declared sources of the testbed (for
   * the benchmark runner, which makes the workloads; see {@link WorkloadRelations}).
   */
  public static List<WorkloadRelation> workloadRelations(TestbedConfig testbed) throws ConfigException {
    List<WorkloadRelation> out = new ArrayList<>();
    for (SourceConfig sc : testbed.sources()) {
      if (TYPE.equals(sc.type())) {
        DeclaredSettings s = new DeclaredSettings();
        out.addAll(s.workloads(sc.settings().get("workloads")));
        if (!s.problems.isEmpty()) {
          throw new ConfigException("declared source of " + sc.host() + ": " + String.join("; ", s.problems));
        }
      }
    }
    return out;
  }
}
