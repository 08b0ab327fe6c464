package io.headroom.collector.powerstore;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.config.ConfigException;
import io.headroom.model.MetricDef;
import java.time.Clock;
import java.util.List;

/** Registers the Dell PowerStore source as {@code type: powerstore}; keys in docs/configuration.md. */
public final class PowerStoreSourceFactory implements SourceFactory {
  /** The login hold's clock: the system's, or a test's to pass holds without waiting. */
  private final Clock clock;

  public PowerStoreSourceFactory() {
    this(Clock.systemUTC());
  }

  PowerStoreSourceFactory(Clock clock) {
    this.clock = clock;
  }

  @Override
  public String type() {
    return "powerstore";
  }

  @Override
  public List<MetricDef> metrics() {
    return PowerStoreMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    String where = "powerstore source of " + context.host();
    RemoteSection<PowerStoreSettings> section = RemoteSection.bind(settings, PowerStoreSettings.class, context.baseDir(), where);
    PowerStoreInterval interval = PowerStoreInterval.of(context.interval(), where);
    Credentials credentials = Credentials.resolve(section.endpoint(), context.baseDir());
    if (credentials.password() == null) {
      throw new ConfigException(where + ": username with password_env or password_file: PowerStore needs a login");
    }
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).clock(clock)
        .exchanges(context.exchanges()).build();
    return new PowerStoreSource(context.host(), interval, section.own(), http, new PowerStoreSession(http, credentials),
        System::nanoTime);
  }
}
