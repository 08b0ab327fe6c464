package io.headroom.collector.powerstore;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.RemoteSourceFactory;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import java.time.Clock;

/** Registers the Dell PowerStore source as {@code type: powerstore}; keys in docs/configuration.md. */
public final class PowerStoreSourceFactory extends RemoteSourceFactory<PowerStoreSettings> {
  public PowerStoreSourceFactory() {
    this(Clock.systemUTC());
  }

  PowerStoreSourceFactory(Clock clock) {
    super("powerstore", PowerStoreMetrics.ALL, PowerStoreSettings.class, clock);
  }

  @Override
  protected Source create(SourceContext context, RemoteSection<PowerStoreSettings> section, String where)
      throws ConfigException {
    PowerStoreInterval interval = PowerStoreInterval.of(context.interval(), where);
    Credentials credentials = section.requireLogin(context.baseDir(), where,
        "username with password_env or password_file: PowerStore needs a login");
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).clock(clock())
        .exchanges(context.exchanges()).build();
    return new PowerStoreSource(context.host(), interval, section.own(), http, new PowerStoreSession(http, credentials),
        System::nanoTime);
  }
}
