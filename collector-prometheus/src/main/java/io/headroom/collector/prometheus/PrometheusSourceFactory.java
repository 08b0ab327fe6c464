package io.headroom.collector.prometheus;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.RemoteSourceFactory;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import java.time.Clock;
import java.time.Duration;

/** Registers the Prometheus source as {@code type: prometheus}; keys in docs/prometheus.md. */
public final class PrometheusSourceFactory extends RemoteSourceFactory<PrometheusSettings> {
  /** A query round per exporter and metric: every 10 s is enough to follow a run. */
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

  public PrometheusSourceFactory() {
    super("prometheus", PrometheusMetrics.ALL, PrometheusSettings.class, Clock.systemUTC());
  }

  @Override
  protected Source create(SourceContext context, RemoteSection<PrometheusSettings> section, String where)
      throws ConfigException {
    Credentials credentials = Credentials.resolve(section.endpoint(), context.baseDir());
    PrometheusSettings own = section.own();
    var mappings = MappingFiles.load(own.mapping() == null ? null : context.baseDir().resolve(own.mapping()));
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials).exchanges(context.exchanges()).build();
    Duration interval = context.interval() == null ? DEFAULT_INTERVAL : context.interval();
    return new PrometheusSource(interval, new PromApi(http, credentials), mappings, own);
  }
}
