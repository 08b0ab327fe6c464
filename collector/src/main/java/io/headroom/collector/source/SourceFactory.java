package io.headroom.collector.source;

import io.headroom.config.ConfigException;
import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.MetricDef;
import java.util.List;

/**
 * Builds a source from its section of the testbed file. {@code settings} is the section as
 * written (minus the common keys), for the source to bind to its own immutable config record and
 * validate.
 */
public interface SourceFactory extends MetricCatalog {
  /** The value of {@code type:} in the testbed file. */
  @Override
  String type();

  Source create(SourceContext context, JsonNode settings) throws ConfigException;

  /** Every metric this source can emit, declared once; docs/metrics/TYPE.md must match. */
  @Override
  List<MetricDef> metrics();
}
