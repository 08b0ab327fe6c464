package io.headroom.collector.ontap;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.RemoteSourceFactory;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import java.time.Clock;
import java.time.Duration;

/** Registers the NetApp ONTAP source as {@code type: ontap}; keys in docs/configuration.md. */
public final class OntapSourceFactory extends RemoteSourceFactory<OntapSettings> {
  public OntapSourceFactory() {
    this(Clock.systemUTC());
  }

  OntapSourceFactory(Clock clock) {
    super("ontap", OntapMetrics.ALL, OntapSettings.class, clock);
  }

  /** ONTAP's counters are cheap to poll but a cluster serves many clients: 5 s like a BMC. */
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

  @Override
  protected Source create(SourceContext context, RemoteSection<OntapSettings> section, String where)
      throws ConfigException {
    Credentials credentials = section.requireLogin(context.baseDir(), where,
        "username with password_env or password_file: ONTAP needs a login");
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).clock(clock())
        .exchanges(context.exchanges()).build();
    Duration interval = context.interval() == null ? DEFAULT_INTERVAL : context.interval();
    return new OntapSource(context.host(), interval, section.own(), http);
  }
}
