package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import io.headroom.model.MetricDef;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** Registers the Redfish BMC source as {@code type: redfish}; keys in docs/configuration.md. */
public final class RedfishSourceFactory implements SourceFactory {
  /** A stream silent this long is reopened (iDRAC closes it after about an hour without events). */
  static final Duration STREAM_SILENCE = Duration.ofMinutes(10);
  static final Duration STREAM_FIRST_WAIT = Duration.ofSeconds(10);
  /** The most a BMC resource may bring into memory: Redfish resources are kilobytes, a few hundred at most. */
  static final long MAX_BODY_BYTES = 4L << 20;

  @Override
  public String type() {
    return "redfish";
  }

  @Override
  public List<MetricDef> metrics() {
    return RedfishMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    RedfishSettings s = settings(context, settings);
    Credentials credentials = Credentials.resolve(s.endpoint().resolve(context.baseDir()), context.baseDir());
    RemoteHttpClient http = RemoteHttpClient.builder(s.endpoint().resolve(context.baseDir()), credentials)
        .maxBodyBytes(MAX_BODY_BYTES)
        .maxRetryAfter(Duration.ofSeconds(10))
        .build();
    BmcClient client = new BmcClient(http, credentials, Clock.systemUTC());
    return new RedfishSource(context.host(), context.interval(), s, client, Clock.systemUTC(),
        inv -> new TelemetryStream(client, inv.streamUri, STREAM_SILENCE, STREAM_FIRST_WAIT, Clock.systemUTC(),
            d -> Thread.sleep(d.toMillis())).start());
  }

  /** Binds and checks the section; every problem named at once. */
  static RedfishSettings settings(SourceContext context, JsonNode settings) throws ConfigException {
    return SettingsBinder.bind(settings, RedfishSettings.class, context.baseDir(), "redfish source of " + context.host());
  }
}
