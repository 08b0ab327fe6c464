package io.headroom.collector.powerstore;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * A Dell PowerStore cluster over its REST API (/api/rest): the topology (appliances, nodes,
 * front-end ports, volumes mapped to hosts) every five minutes, and every scrape the intervals
 * of each series the array finished since the last one, with the array's own timestamps (see
 * {@link SeriesCursor}). A resource or series that fails is a problem of the scrape; a failed or
 * refused login ends the scrape (an array locks an account after repeated failures; the next
 * login waits for login_backoff, see {@link io.headroom.collector.remote.LoginGate}).
 */
final class PowerStoreSource implements Source {
  static final Duration TOPOLOGY_REFRESH = Duration.ofMinutes(5);

  private final String host;
  private final PowerStoreInterval interval;
  private final PowerStoreSettings settings;
  private final RemoteHttpClient http;
  private final PowerStoreSession session;
  private final PowerStoreApi api;
  private final SeriesCursor cursor = new SeriesCursor();
  private final LongSupplier nanoClock;
  private Topology topology;
  private List<String> topologyProblems = List.of();
  private long topologyAt;

  PowerStoreSource(String host, PowerStoreInterval interval, PowerStoreSettings settings, RemoteHttpClient http,
      PowerStoreSession session, LongSupplier nanoClock) {
    this.host = host;
    this.interval = interval;
    this.settings = settings;
    this.http = http;
    this.session = session;
    this.api = new PowerStoreApi(session);
    this.nanoClock = nanoClock;
  }

  @Override
  public String name() {
    return "powerstore";
  }

  @Override
  public Duration interval() {
    return interval.length();
  }

  /** The topology only: discover needs no metrics, and reading them would mark intervals reported. */
  @Override
  public Discovery discover() throws IOException {
    List<String> problems = new ArrayList<>();
    Topology t = readTopology(problems);
    return new Discovery(t.entities, t.relations, t.degraded, problems, List.of(host + ": " + settings.unitNote()));
  }

  /** Throws when the login failed, or when not one request of the scrape was answered: scrape_success 0. */
  @Override
  public void scrape(Scrape scrape) throws IOException {
    long answeredBefore = session.answered();
    Topology t = currentTopology();
    t.entities.forEach(scrape::entity);
    t.relations.forEach(r -> scrape.relation(r));
    t.degraded.forEach(scrape::degraded);
    topologyProblems.forEach(p -> scrape.problem(p.substring(0, p.indexOf(": ")), p.substring(p.indexOf(": ") + 2)));
    int volumes = 0;
    for (Topology.Series s : t.series) {
      if (s.kind() == Topology.Kind.VOLUME && (!settings.volumeMetrics() || volumes++ >= settings.maxVolumes())) {
        continue;
      }
      try {
        read(scrape, s);
      } catch (LoginFailedException e) {
        throw e;
      } catch (IOException e) {
        scrape.problem(s.entity(), e.getMessage());
      }
    }
    if (settings.volumeMetrics() && volumes > settings.maxVolumes()) {
      scrape.degraded(host + ": " + volumes + " mapped volumes; per-volume metrics for the first "
          + settings.maxVolumes() + " (max_volumes)");
    }
    if (session.answered() == answeredBefore && !scrape.problems().isEmpty()) {
      throw new IOException(host + ": no request of the scrape was answered; the first problem: " + scrape.problems().get(0));
    }
  }

  private Topology currentTopology() throws IOException {
    long now = nanoClock.getAsLong();
    if (topology == null || now - topologyAt >= TOPOLOGY_REFRESH.toNanos()) {
      List<String> problems = new ArrayList<>();
      topology = readTopology(problems);
      topologyProblems = problems;
      topologyAt = now;
    }
    return topology;
  }

  private void read(Scrape scrape, Topology.Series s) throws IOException {
    List<JsonNode> rows = api.metrics(s.metricsEntity(), s.arrayId(), interval.apiName());
    for (SeriesCursor.Timed t : cursor.fresh(s.entity(), rows, interval.seconds())) {
      switch (s.kind()) {
        case NODE, APPLIANCE -> {
          RowReadings.io(scrape, t.ts(), s.entity(), t.row());
          cpu(scrape, t, s.entity());
        }
        case VOLUME -> RowReadings.io(scrape, t.ts(), s.entity(), t.row());
        case FC_PORT -> RowReadings.fcPort(scrape, t.ts(), s.entity(), t.row());
        case ETH_PORT -> RowReadings.ethPort(scrape, t.ts(), s.entity(), t.row());
      }
    }
  }

  /** util, refused when it cannot be in the unit the settings say (a fraction above 1). */
  private void cpu(Scrape scrape, SeriesCursor.Timed t, String entity) {
    PowerStoreSettings.CpuUnit unit = settings.unit();
    double util = RowReadings.cpu(t.row(), unit);
    if (util > 1.0) {
      scrape.problem(entity, "io_workload_cpu_utilization "
          + RowReadings.field(t.row(), "io_workload_cpu_utilization", "avg_io_workload_cpu_utilization")
          + " is over " + unit.full() + " (cpu_unit " + unit.name().toLowerCase(Locale.ROOT)
          + ")" + (unit == PowerStoreSettings.CpuUnit.FRACTION
              ? ": the array reports percent; set cpu_unit: percent" : "") + "; util not reported");
      return;
    }
    scrape.sample(t.ts(), entity, PowerStoreMetrics.UTIL, util);
  }

  /** Every resource read on its own: one that fails is a problem, the others still count. */
  private Topology readTopology(List<String> problems) throws IOException {
    Topology t = new Topology(host);
    each(problems, "appliance", "id,name,model", t::appliance);
    each(problems, "node", "*", t::node);
    each(problems, "fc_port", "*", p -> t.port(p, true));
    each(problems, "eth_port", "*", p -> t.port(p, false));
    Map<String, List<String>> hostsByVolume = mappedHosts(problems);
    each(problems, "volume", "id,name,wwn,size,appliance_id,node_affinity", v -> {
      List<String> hosts = hostsByVolume.get(v.path("id").asText());
      if (hosts != null) {
        t.volume(v, hosts);
      }
    });
    return t;
  }

  /** Volume id -> names of the hosts it is mapped to (host_volume_mapping joined to host). */
  private Map<String, List<String>> mappedHosts(List<String> problems) throws IOException {
    Map<String, String> hostNames = new TreeMap<>();
    each(problems, "host", "id,name", h -> hostNames.put(h.path("id").asText(), h.path("name").asText()));
    Map<String, List<String>> byVolume = new TreeMap<>();
    each(problems, "host_volume_mapping", "id,host_id,volume_id,logical_unit_number", m -> {
      String hostId = m.path("host_id").asText("");
      byVolume.computeIfAbsent(m.path("volume_id").asText(), k -> new ArrayList<>())
          .add(hostNames.getOrDefault(hostId, hostId.isEmpty() ? "host group" : hostId));
    });
    return byVolume;
  }

  private interface RowSink {
    void accept(JsonNode row);
  }

  private void each(List<String> problems, String resource, String select, RowSink sink) throws IOException {
    try {
      for (JsonNode row : api.list(resource, select)) {
        sink.accept(row);
      }
    } catch (LoginFailedException e) {
      throw e;
    } catch (IOException e) {
      problems.add(host + "/" + resource + ": " + e.getMessage());
    }
  }

  @Override
  public void close() {
    session.close();
    http.close();
  }
}
