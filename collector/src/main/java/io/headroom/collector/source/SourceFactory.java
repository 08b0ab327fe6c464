package io.headroom.collector.source;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Builds a source from its section of the testbed file. {@code settings} is the section as
 * written (minus the common keys), for the source to bind to its own immutable config record and
 * validate; {@code host} is the testbed host the source belongs to.
 */
public interface SourceFactory {
  /** The value of {@code type:} in the testbed file. */
  String type();

  Source create(SourceContext context, JsonNode settings) throws ConfigException;
}
