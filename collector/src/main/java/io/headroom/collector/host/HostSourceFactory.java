package io.headroom.collector.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.source.ConfigException;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.model.MetricDef;
import java.nio.file.Path;
import java.util.List;

/** Registers the Linux host source as {@code type: host}. */
public final class HostSourceFactory implements SourceFactory {
  @Override
  public String type() {
    return "host";
  }

  @Override
  public List<MetricDef> metrics() {
    return HostMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    HostSourceConfig config = new HostSourceConfig(
        context.baseDir().resolve(settings.path("proc_root").asText("/proc")),
        context.baseDir().resolve(settings.path("sys_root").asText("/sys")));
    List<String> problems = config.validate();
    if (!problems.isEmpty()) {
      throw new ConfigException("host source of " + context.host() + ": " + String.join("; ", problems));
    }
    return new HostSource(context.host(), context.interval(), config);
  }
}
