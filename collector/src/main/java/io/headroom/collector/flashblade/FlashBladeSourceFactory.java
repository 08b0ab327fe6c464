package io.headroom.collector.flashblade;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.config.ConfigException;
import io.headroom.model.MetricDef;
import java.time.Duration;
import java.util.List;

/** Registers the Pure Storage FlashBlade source as {@code type: flashblade}; keys in docs/configuration.md. */
public final class FlashBladeSourceFactory implements SourceFactory {
  /** Purity//FB computes its performance figures over its own sample interval; 10 s is enough. */
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

  @Override
  public String type() {
    return "flashblade";
  }

  @Override
  public List<MetricDef> metrics() {
    return FlashBladeMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    String where = "flashblade source of " + context.host();
    RemoteSection<FlashBladeSettings> section = RemoteSection.bind(settings, FlashBladeSettings.class, context.baseDir(),
        where);
    Credentials credentials = Credentials.resolve(section.endpoint(), context.baseDir());
    if (credentials.password() == null) {
      throw new ConfigException(where + ": password_env or password_file with the array's API token: FlashBlade needs a login");
    }
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).exchanges(context.exchanges()).build();
    Duration interval = context.interval() == null ? DEFAULT_INTERVAL : context.interval();
    return new FlashBladeSource(context.host(), interval,
        new FlashBladeSession(http, credentials, section.own().apiVersion()));
  }
}
