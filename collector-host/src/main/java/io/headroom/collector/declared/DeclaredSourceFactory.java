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
    SettingsBinder.Bound<DeclaredSettings> bound = SettingsBinder.tryBind(settings, DeclaredSettings.class, null, baseDir);
    List<String> problems = new ArrayList<>(bound.problems());
    if (declaresNothing(settings)) {
      problems.add("declares nothing: give entities, relations or workloads");
    }
    if (!problems.isEmpty()) {
      throw new ConfigException("declared source of " + host + ": " + String.join("; ", problems));
    }
    return bound.value();
  }

  /**
   * Judged on the section as written: a list the binder refused for a bad element arrives empty
   * in the record, but something was declared.
   */
  private static boolean declaresNothing(JsonNode settings) {
    for (String key : List.of("entities", "relations", "workloads")) {
      JsonNode v = settings == null ? null : settings.get(key);
      if (v != null && !v.isNull() && !(v.isArray() && v.isEmpty())) {
        return false;
      }
    }
    return true;
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
