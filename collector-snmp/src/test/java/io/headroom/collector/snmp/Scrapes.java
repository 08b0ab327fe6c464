package io.headroom.collector.snmp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import io.headroom.model.Entity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Builds snmp sources from settings as a testbed file would give them, and reads what a scrape saw. */
final class Scrapes {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Scrapes() {}

  static JsonNode settings(Object... keyValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put((String) keyValues[i], keyValues[i + 1]);
    }
    return JSON.valueToTree(m);
  }

  static Source source(String host, JsonNode settings) throws ConfigException {
    return source(host, settings, name -> null);
  }

  static Source source(String host, JsonNode settings, Function<String, String> env) throws ConfigException {
    return source(host, Duration.ofSeconds(1), settings, env);
  }

  static Source source(String host, Duration interval, JsonNode settings, Function<String, String> env)
      throws ConfigException {
    return SnmpSourceFactory.create(new SourceContext(host, interval, Path.of(".")), settings, env);
  }

  static Scrape scrape(Source source) throws Exception {
    Scrape s = new Scrape(System.currentTimeMillis() / 1000.0);
    source.scrape(s);
    return s;
  }

  /** The value of {@code metric} of {@code entity} in this scrape, or null. */
  static Double value(Scrape s, String entity, String metric) {
    for (Scrape.Reading r : s.readings().getOrDefault(entity, List.of())) {
      if (r.metric().equals(metric)) {
        return r.value();
      }
    }
    return null;
  }

  static Entity entity(Scrape s, String id) {
    return s.entities().stream().filter(e -> e.id().equals(id)).findFirst().orElse(null);
  }

  static long count(Scrape s, String kind) {
    return s.entities().stream().filter(e -> e.kind().equals(kind)).count();
  }
}
