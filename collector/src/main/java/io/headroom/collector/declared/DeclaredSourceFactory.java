package io.headroom.collector.declared;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.model.MetricDef;
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
    return settings(context.host(), settings, context.baseDir()).config();
  }

  private static DeclaredSettings settings(String host, JsonNode settings, Path baseDir) throws ConfigException {
    return SettingsBinder.bind(settings, DeclaredSettings.class, baseDir, "declared source of " + host);
  }

  /**
   * The relations every workload of a run gets, from all declared sources of the testbed (for
   * the benchmark runner, which makes the workloads; see {@link WorkloadRelations}).
   */
  public static List<WorkloadRelation> workloadRelations(TestbedConfig testbed) throws ConfigException {
    List<WorkloadRelation> out = new ArrayList<>();
    for (SourceConfig sc : testbed.sources()) {
      if (TYPE.equals(sc.type())) {
        out.addAll(settings(sc.host(), sc.settings(), testbed.baseDir()).workloads());
      }
    }
    return out;
  }
}
