package io.headroom.collector.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.model.MetricDef;
import java.util.List;

/** Registers the Linux host source as {@code type: host}; keys in docs/host-source.md. */
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
    return new HostSource(context.host(), context.interval(), config(context, settings));
  }

  /** Binds and checks the settings; every problem is named at once, not the first only. */
  public static HostSourceConfig config(SourceContext context, JsonNode settings) throws ConfigException {
    return SettingsBinder.bind(settings, HostSourceConfig.class, context.baseDir(), "host source of " + context.host());
  }
}
