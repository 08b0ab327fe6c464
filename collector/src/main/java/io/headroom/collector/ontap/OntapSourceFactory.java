package io.headroom.collector.ontap;

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
import java.time.Duration;
import java.util.List;

/** Registers the NetApp ONTAP source as {@code type: ontap}; keys in docs/configuration.md. */
public final class OntapSourceFactory implements SourceFactory {
  /** The login hold's clock: the system's, or a test's to pass holds without waiting. */
  private final Clock clock;

  public OntapSourceFactory() {
    this(Clock.systemUTC());
  }

  OntapSourceFactory(Clock clock) {
    this.clock = clock;
  }

  /** ONTAP's counters are cheap to poll but a cluster serves many clients: 5 s like a BMC. */
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

  @Override
  public String type() {
    return "ontap";
  }

  @Override
  public List<MetricDef> metrics() {
    return OntapMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    String where = "ontap source of " + context.host();
    RemoteSection<OntapSettings> section = RemoteSection.bind(settings, OntapSettings.class, context.baseDir(), where);
    Credentials credentials = Credentials.resolve(section.endpoint(), context.baseDir());
    if (credentials.password() == null) {
      throw new ConfigException(where + ": username with password_env or password_file: ONTAP needs a login");
    }
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).clock(clock)
        .exchanges(context.exchanges()).build();
    Duration interval = context.interval() == null ? DEFAULT_INTERVAL : context.interval();
    return new OntapSource(context.host(), interval, section.own(), http);
  }
}
