package io.headroom.collector.redfish;

import io.headroom.collector.remote.ConnectionPools;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.RemoteSourceFactory;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;

/** Registers the Redfish BMC source as {@code type: redfish}; keys in docs/configuration.md. */
public final class RedfishSourceFactory extends RemoteSourceFactory<RedfishSettings> {
  /** A stream silent this long is reopened (iDRAC closes it after about an hour without events). */
  static final Duration STREAM_SILENCE = Duration.ofMinutes(10);
  static final Duration STREAM_FIRST_WAIT = Duration.ofSeconds(10);
  /** The most a BMC resource may bring into memory: Redfish resources are kilobytes, a few hundred at most. */
  static final long MAX_BODY_BYTES = 4L << 20;

  /** One collector may poll a thousand BMCs: their connections share a few pools (see ConnectionPools). */
  private final ConnectionPools pools = new ConnectionPools(ConnectionPools.DEFAULT_POOLS);
  /** Their parallel requests share threads (see Fetcher). */
  private final ExecutorService fetchHelpers = Fetcher.helperPool();
  public RedfishSourceFactory() {
    this(Clock.systemUTC());
  }

  RedfishSourceFactory(Clock clock) {
    super("redfish", RedfishMetrics.ALL, RedfishSettings.class, clock);
  }

  @Override
  protected Source create(SourceContext context, RemoteSection<RedfishSettings> section, String where)
      throws ConfigException {
    Credentials credentials = Credentials.resolve(section.endpoint(), context.baseDir());
    RemoteHttpClient http = RemoteHttpClient.builder(section.endpoint(), credentials)
        .maxBodyBytes(MAX_BODY_BYTES)
        .connectionPools(pools)
        .maxRetryAfter(Duration.ofSeconds(10))
        .clock(clock())
        .exchanges(context.exchanges())
        .build();
    BmcClient client = new BmcClient(http, credentials, clock());
    return new RedfishSource(context.host(), context.interval(), section.own(), client, clock(), fetchHelpers,
        inv -> new TelemetryStream(client, inv.streamUri, STREAM_SILENCE, STREAM_FIRST_WAIT, clock(),
            d -> Thread.sleep(d.toMillis())).start());
  }
}
