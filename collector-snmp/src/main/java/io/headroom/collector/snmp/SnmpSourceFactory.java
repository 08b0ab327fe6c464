package io.headroom.collector.snmp;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import io.headroom.model.MetricDef;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/** Registers the SNMP source as {@code type: snmp}; keys in docs/configuration.md ("snmp"). */
public final class SnmpSourceFactory implements SourceFactory {
  public static final String TYPE = "snmp";
  /** Switches and appliances are polled every 5 s unless the testbed says otherwise. */
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public List<MetricDef> metrics() {
    return SnmpMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    return create(context, settings, System::getenv);
  }

  /** As {@link #create(SourceContext, JsonNode)}, reading environment variables through {@code env}. */
  static Source create(SourceContext context, JsonNode node, Function<String, String> env) throws ConfigException {
    String where = "snmp source of " + context.host();
    SnmpSettings settings = SettingsBinder.bind(node, SnmpSettings.class, context.baseDir(), where);
    AgentSecrets secrets = AgentSecrets.resolve(settings, env, where);
    Duration interval = context.interval() == null ? DEFAULT_INTERVAL : context.interval();
    try {
      return new SnmpSource(context.host(), interval, settings, AgentSession.open(settings, secrets, context.varbinds()));
    } catch (IOException e) {
      throw new ConfigException(where + ": agent " + settings.agent() + ": " + e.getMessage());
    }
  }
}
