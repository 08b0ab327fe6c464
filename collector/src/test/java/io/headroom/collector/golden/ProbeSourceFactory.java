package io.headroom.collector.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test-only remote source, the smallest one the groundwork allows (settings record on the
 * binder, the shared HTTP client, partial results), so the golden form is exercised before the
 * real remote sources exist: it reads the listed paths and reports each resource as an entity,
 * and a collection's member count as a sample. It is not registered.
 */
final class ProbeSourceFactory implements SourceFactory {
  // its entities' kind "probe" is no kind Headroom emits, and a declaration names only those (EntityKind.ALL):
  // the nearest, a part of Headroom reporting on what it reads
  static final MetricDef MEMBERS =
      new MetricDef("members", "count", "gauge", EntityKind.set(EntityKind.COLLECTOR), "Members of a collection.");

  record ProbeSettings(RemoteEndpoint endpoint, List<String> paths) {
    ProbeSettings {
      paths = paths == null ? List.of() : paths;
    }

    List<String> validate() {
      List<String> problems = new ArrayList<>();
      if (endpoint == null) {
        problems.add("endpoint: required");
      }
      if (paths.isEmpty()) {
        problems.add("paths: give at least one");
      }
      return problems;
    }
  }

  @Override
  public String type() {
    return "probe";
  }

  @Override
  public List<MetricDef> metrics() {
    return List.of(MEMBERS);
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    ProbeSettings s = SettingsBinder.bind(settings, ProbeSettings.class, context.baseDir(), "probe source of " + context.host());
    RemoteHttpClient http = RemoteHttpClient.builder(s.endpoint(), Credentials.resolve(s.endpoint(), context.baseDir())).build();
    return new Source() {
      private final ObjectMapper json = new ObjectMapper();

      @Override
      public String name() {
        return "probe";
      }

      @Override
      public Duration interval() {
        return Duration.ofSeconds(10);
      }

      @Override
      public void scrape(Scrape scrape) {
        for (String path : s.paths()) {
          try {
            JsonNode doc = json.readTree(http.fetch(io.headroom.collector.remote.RemoteRequest.get(path)).text());
            String id = context.host() + path;
            Map<String, Object> attrs = new LinkedHashMap<>();
            attrs.put("odata_type", doc.path("@odata.type").asText());
            scrape.entity(new Entity(id, "probe", doc.path("Name").asText(id), attrs, Map.of()));
            if (doc.has("Members@odata.count")) {
              scrape.sample(id, MEMBERS, doc.get("Members@odata.count").asDouble());
            }
          } catch (Exception e) {
            scrape.problem(path, e.getMessage());
          }
        }
      }

      @Override
      public void close() {
        http.close();
      }
    };
  }
}
