package io.headroom.collector.flashblade;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.RemoteSourceFactory;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import java.time.Clock;
import java.time.Duration;

/** Registers the Pure Storage FlashBlade source as {@code type: flashblade}; keys in docs/configuration.md. */
public final class FlashBladeSourceFactory extends RemoteSourceFactory<FlashBladeSettings> {
  /** Purity//FB computes its performance figures over its own sample interval; 10 s is enough. */
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

  public FlashBladeSourceFactory() {
    super("flashblade", FlashBladeMetrics.ALL, FlashBladeSettings.class, Clock.systemUTC());
  }

  @Override
  protected Source create(SourceContext context, RemoteSection<FlashBladeSettings> section, String where)
      throws ConfigException {
    Credentials credentials = section.requireLogin(context.baseDir(), where,
        "password_env or password_file with the array's API token: FlashBlade needs a login");
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).exchanges(context.exchanges()).build();
    Duration interval = context.interval() == null ? DEFAULT_INTERVAL : context.interval();
    return new FlashBladeSource(context.host(), interval,
        new FlashBladeSession(http, credentials, section.own().apiVersion()));
  }
}
