package io.headroom.collector.source;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.config.ConfigException;
import io.headroom.model.MetricDef;
import java.time.Clock;
import java.util.List;

/**
 * The factory of a source that talks to one device over HTTP, whose testbed section is the
 * shared endpoint keys ({@link RemoteSection}) beside the source's own record: it binds the
 * section, with every problem named by key under "TYPE source of HOST", and hands it on. A new
 * array source extends it and writes only what differs (the login it needs, its client, its source).
 *
 * @param <S> the source's own settings record
 */
public abstract class RemoteSourceFactory<S extends Record> implements SourceFactory {
  private final String type;
  private final List<MetricDef> metrics;
  private final Class<S> settingsType;
  /** Login holds and back-offs: the system's clock, or a test's to pass them without waiting. */
  private final Clock clock;

  protected RemoteSourceFactory(String type, List<MetricDef> metrics, Class<S> settingsType, Clock clock) {
    this.type = type;
    this.metrics = metrics;
    this.settingsType = settingsType;
    this.clock = clock;
  }

  protected final Clock clock() {
    return clock;
  }

  @Override
  public final String type() {
    return type;
  }

  @Override
  public final List<MetricDef> metrics() {
    return metrics;
  }

  @Override
  public final Source create(SourceContext context, JsonNode settings) throws ConfigException {
    String where = type + " source of " + context.host();
    return create(context, RemoteSection.bind(settings, settingsType, context.baseDir(), where), where);
  }

  /**
   * The source of a bound section.
   *
   * @param where names the section in messages, "TYPE source of HOST"
   */
  protected abstract Source create(SourceContext context, RemoteSection<S> section, String where)
      throws ConfigException;
}
