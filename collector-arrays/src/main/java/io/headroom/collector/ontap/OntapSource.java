package io.headroom.collector.ontap;

import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A NetApp ONTAP cluster through its counter tables: every scrape reads each table's rows, and
 * every figure but a raw one is made from this poll and the previous one (a rate needs two polls:
 * the first scrape reports entities only). Rows whose aggregation ONTAP reports incomplete are
 * skipped and counted (a degraded note per table), and keep no reading for the next poll to
 * difference against. A table that fails is a problem of the scrape; the others are read.
 */
final class OntapSource implements Source {
  /** The previous poll of one row: when (Unix seconds), and its raw counters. */
  private record Poll(double ts, Map<String, Double> counters) {}

  private final String host;
  private final Duration interval;
  private final List<CounterTables.Table> tables;
  private final RemoteHttpClient http;
  private final CounterApi api;
  private final NetworkPorts ports = new NetworkPorts();
  /** The volumes' statistics, where they replace the counter table volume; else null. */
  private final VolumeStatistics volumes;
  private final boolean readsPhysicalPorts;
  private Map<String, Poll> previous = new HashMap<>();

  OntapSource(String host, Duration interval, OntapSettings settings, RemoteHttpClient http) {
    this.host = host;
    this.interval = interval;
    // with volume_statistics the volume endpoint gives the volumes: the table would give them twice
    this.tables = CounterTables.ALL.stream().filter(t -> settings.tables().contains(t.name()))
        .filter(t -> !(settings.volumeStatistics() && t == CounterTables.VOLUME)).toList();
    this.volumes = settings.volumeStatistics() ? new VolumeStatistics() : null;
    // only the physical port tables take ceilings from the network API: no request for the others
    this.readsPhysicalPorts = tables.contains(CounterTables.NIC) || tables.contains(CounterTables.FCP);
    this.http = http;
    this.api = new CounterApi(http, settings);
  }

  @Override
  public String name() {
    return "ontap";
  }

  @Override
  public Duration interval() {
    return interval;
  }

  /**
   * Throws when no table could be read at all (the cluster is down) or the cluster refused the
   * login (now or within login_backoff after a refusal): scrape_success 0.
   */
  @Override
  public void scrape(Scrape scrape) throws IOException {
    Map<String, Poll> current = new HashMap<>();
    Set<String> entities = new HashSet<>();
    if (readsPhysicalPorts) {
      ports.refresh(api, scrape, host);
    }
    IOException first = null;
    int failed = 0;
    for (CounterTables.Table t : tables) {
      try {
        read(scrape, t, current, entities);
      } catch (LoginFailedException e) {
        scrape.problem(host + "/" + t.name(), e.getMessage());
        throw e; // every other table would be refused too; the last polls stay for the next good one
      } catch (IOException e) {
        failed++;
        first = first == null ? e : first;
        scrape.problem(host + "/" + t.name(), e.getMessage());
        // keep the table's last polls: its next good poll is differenced against them
        previous.forEach((k, v) -> {
          if (k.startsWith(t.name() + "|")) {
            current.put(k, v);
          }
        });
      }
    }
    previous = current;
    int parts = tables.size();
    if (volumes != null) {
      parts++;
      try {
        volumes.read(api, scrape, host);
      } catch (LoginFailedException e) {
        scrape.problem(host + "/volumes", e.getMessage());
        throw e;
      } catch (IOException e) {
        failed++;
        first = first == null ? e : first;
        scrape.problem(host + "/volumes", e.getMessage());
      }
    }
    if (failed == parts && first != null) {
      throw first;
    }
  }

  private void read(Scrape scrape, CounterTables.Table t, Map<String, Poll> current, Set<String> entities)
      throws IOException {
    CounterSchema schema = api.schema(t.name());
    Set<String> missing = new TreeSet<>();
    int incomplete = 0;
    for (CounterRow row : api.rows(t.name(), needed(t, schema))) {
      if (!row.complete()) {
        incomplete++;
        continue;
      }
      Entity e = ports.withCeiling(t.rows().entity(host, row));
      if (entities.add(e.id())) {
        scrape.entity(e);
      }
      t.rows().relations(host, row).forEach(r -> scrape.relation(r));
      double ts = timeOf(row, schema, scrape.ts());
      String key = t.name() + "|" + row.id();
      Poll before = previous.get(key);
      current.put(key, new Poll(ts, row.counters()));
      if (before != null) {
        for (CounterTables.MetricSpec m : t.metrics()) {
          scrape.sample(ts, e.id(), m.metric(), figure(m, schema, before, row, ts - before.ts(), missing));
        }
      }
    }
    if (incomplete > 0) {
      scrape.degraded(host + "/" + t.name() + ": " + incomplete + " rows skipped, aggregation incomplete");
    }
    if (!missing.isEmpty()) {
      scrape.problem(host + "/" + t.name(), "counters not in this cluster's schema: " + String.join(", ", missing));
    }
  }

  /** The table's counters the metrics need, their denominators, and the row's time if it has one. */
  private static Set<String> needed(CounterTables.Table t, CounterSchema schema) {
    Set<String> names = new TreeSet<>();
    for (CounterTables.MetricSpec m : t.metrics()) {
      for (String name : m.counters()) {
        names.add(name);
        CounterSchema.Counter c = schema.get(name);
        if (c != null && c.denominator() != null) {
          names.add(c.denominator());
        }
      }
    }
    if (schema.get("time") != null) {
      names.add("time");
    }
    return names;
  }

  /** The sum of the spec's counters' figures, NaN if any is missing or has none this poll. */
  private static double figure(CounterTables.MetricSpec m, CounterSchema schema, Poll before, CounterRow row,
      double seconds, Set<String> missing) {
    double sum = 0;
    for (String name : m.counters()) {
      CounterSchema.Counter c = schema.get(name);
      if (c == null) {
        missing.add(name);
        return Double.NaN;
      }
      double f = CounterMath.figure(c, before.counters(), row.counters(), seconds);
      // a per-second metric from a counter ONTAP types "delta" (an event count): over the interval
      sum += c.type().equals("delta") && m.metric().unit().endsWith("/s") ? f / seconds : f;
    }
    return sum * m.factor();
  }

  /** The row's own "time" counter (system:node has one: seconds since the epoch), else the scrape's. */
  private static double timeOf(CounterRow row, CounterSchema schema, double fallback) {
    CounterSchema.Counter time = schema.get("time");
    Double t = row.counters().get("time");
    return time != null && time.type().equals("raw") && time.unit().equals("sec") && t != null ? t : fallback;
  }

  @Override
  public void close() {
    http.close();
  }
}
