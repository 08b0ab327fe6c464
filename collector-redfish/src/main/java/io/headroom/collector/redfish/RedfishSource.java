package io.headroom.collector.redfish;

import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.collector.source.Counters;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Relation;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;

/**
 * One BMC over Redfish. The inventory (CPU, sockets, PCIe links, ports; see {@link InventoryWalk})
 * is walked on the first scrape and every {@code topology_refresh}, and sent with every scrape;
 * each scrape then reads only the usage sensors (or takes them from the telemetry stream), the
 * ProcessorMetrics and the port counters, in parallel within the BMC's concurrency limit. A
 * resource that fails is a problem of the scrape naming the BMC and the path; the rest stands.
 */
final class RedfishSource implements Source {
  private final String host;
  private final Duration interval;
  private final RedfishSettings settings;
  private final Resources client;
  private final Fetcher fetcher;
  private final Clock clock;
  private final Function<Inventory, TelemetryStream> streams;
  private final Counters counters = new Counters();
  private Inventory inventory;
  private double inventoryAt;
  private TelemetryStream stream;

  /**
   * @param fetchHelpers threads shared by all BMCs' parallel requests ({@link Fetcher#helperPool()})
   * @param streams opens the telemetry stream of an inventory that offers one (tests give short waits)
   */
  RedfishSource(String host, Duration interval, RedfishSettings settings, Resources client, Clock clock,
      ExecutorService fetchHelpers, Function<Inventory, TelemetryStream> streams) {
    this.host = host;
    this.interval = interval == null ? Duration.ofSeconds(5) : interval;
    this.settings = settings;
    this.client = client;
    this.fetcher = new Fetcher(client, client.maxConcurrency(), fetchHelpers, settings);
    this.clock = clock;
    this.streams = streams;
  }

  @Override
  public String name() {
    return "redfish";
  }

  @Override
  public Duration interval() {
    return interval;
  }

  @Override
  public Discovery discover() {
    fetcher.beginWalk();
    Inventory inv = InventoryWalk.walk(fetcher, host, settings);
    return new Discovery(new ArrayList<>(inv.entities.values()), inv.relations, inv.degraded, inv.problems);
  }

  /**
   * Throws when the BMC gave nothing at all (no service root, no system; no request answered) or
   * refused the login, so scrape health says so.
   */
  @Override
  public void scrape(Scrape scrape) throws IOException {
    fetcher.beginWalk();
    double refresh = settings.topologyRefresh().toMillis() / 1000.0;
    if (inventory == null || inventory.entities.isEmpty() || scrape.ts() - inventoryAt >= refresh
        || scrape.ts() < inventoryAt) {
      walk(scrape);
    }
    inventory.entities.values().forEach(scrape::entity);
    for (Relation r : inventory.relations) {
      scrape.relation(r);
    }
    counters.begin();
    List<String> paths = new ArrayList<>();
    List<UsageSensor> polledUsage = usageFromStream(scrape);
    polledUsage.forEach(u -> paths.add(u.path()));
    paths.addAll(inventory.socketMetrics.values());
    for (PortPoll p : inventory.ports) {
      paths.addAll(p.paths());
    }
    paths.addAll(inventory.coreUtil);
    List<Fetched> got = fetcher.getAll(paths);
    if (got.size() < paths.size()) {
      scrape.problem(client.target(), "scrape interrupted after " + got.size() + " of " + paths.size() + " requests");
      return; // the collector is stopping
    }
    int i = 0;
    for (UsageSensor u : polledUsage) {
      usage(scrape, u, got.get(i++));
    }
    for (String socket : inventory.socketMetrics.keySet()) {
      socket(scrape, socket, got.get(i++));
    }
    for (PortPoll p : inventory.ports) {
      int n = p.paths().size();
      port(scrape, p, got.subList(i, i + n));
      i += n;
    }
    coreUtil(scrape, got.subList(i, got.size()));
    requireAnswers(got, inventory.usage.size() - polledUsage.size());
  }

  /**
   * Fails the scrape (scrape_success 0; its problems stay listed) when the BMC refused the login,
   * now or within the hold after a refusal, or when it answered none of the scrape's requests and
   * the stream gave no reading either: a BMC with a wrong password must not look healthy.
   */
  private void requireAnswers(List<Fetched> got, int fromStream) throws IOException {
    int answered = 0;
    for (Fetched f : got) {
      if (f.ok()) {
        answered++;
      } else if (f.error().loginRefused()) {
        throw new IOException(f.error().getMessage());
      }
    }
    if (answered == 0 && fromStream == 0 && !got.isEmpty()) {
      throw new IOException(client.target() + ": none of the scrape's " + got.size() + " requests answered; the first: "
          + got.get(0).error().reason());
    }
  }

  private void walk(Scrape scrape) throws IOException {
    inventory = InventoryWalk.walk(fetcher, host, settings);
    inventoryAt = scrape.ts();
    if (inventory.entities.isEmpty()) {
      throw new IOException(inventory.problems.isEmpty() ? client.target() + ": nothing readable" : inventory.problems.get(0));
    }
    inventory.problems.forEach(p -> scrape.problem("inventory", p));
    if (stream == null && inventory.streamUri != null) {
      stream = streams.apply(inventory);
    }
  }

  /** Usage taken from the stream where it is fresh; the sensors left to poll. */
  private List<UsageSensor> usageFromStream(Scrape scrape) {
    if (stream == null) {
      return inventory.usage;
    }
    if (stream.refused() != null && settings.telemetry() == RedfishSettings.Telemetry.SSE) {
      scrape.problem(inventory.cpuId() + " telemetry", stream.refused() + "; usage polled");
    }
    Duration fresh = interval.multipliedBy(3).compareTo(Duration.ofMinutes(3)) > 0
        ? interval.multipliedBy(3) : Duration.ofMinutes(3);
    List<UsageSensor> poll = new ArrayList<>();
    for (UsageSensor u : inventory.usage) {
      TelemetryStream.Value v = stream.refused() == null ? stream.latest(u.telemetryId(), fresh) : null;
      String unit = inventory.telemetryUnits.getOrDefault(u.telemetryId(), "%");
      if (v != null && unit.equals("%") && v.value() >= 0 && v.value() <= 100) {
        scrape.sample(inventory.cpuId(), u.metric(), v.value() / 100);
      } else {
        poll.add(u);
      }
    }
    return poll;
  }

  private void usage(Scrape scrape, UsageSensor u, Fetched f) {
    if (!f.ok()) {
      scrape.problem(f.error().where(), f.error().reason());
      return;
    }
    Double v = UsageSensor.fraction(f.doc(), inventory.profile.sensors());
    if (v != null) {
      scrape.sample(inventory.cpuId(), u.metric(), v);
    }
  }

  private void socket(Scrape scrape, String socket, Fetched f) {
    if (!f.ok()) {
      scrape.problem(f.error().where(), f.error().reason());
      return;
    }
    Double pct = Json.number(f.doc().get("BandwidthPercent"));
    if (pct != null && pct >= 0 && pct <= 100) {
      scrape.sample(socket, RedfishMetrics.UTIL, pct / 100);
    }
  }

  /** The server's util as the mean of its cores' sensors: only when every core answered. */
  private void coreUtil(Scrape scrape, List<Fetched> got) {
    if (got.isEmpty()) {
      return;
    }
    for (Fetched f : got) {
      if (!f.ok()) {
        scrape.problem(f.error().where(), f.error().reason());
        return;
      }
    }
    Double mean = CoreUtilWalk.mean(got.stream().map(Fetched::doc).toList(), inventory.profile.sensors());
    if (mean != null) {
      scrape.sample(inventory.cpuId(), RedfishMetrics.UTIL, mean);
    }
  }

  private void port(Scrape scrape, PortPoll p, List<Fetched> got) {
    for (Fetched f : got) {
      if (!f.ok()) {
        scrape.problem(f.error().where(), f.error().reason());
        return; // a partial sum would look like a counter reset
      }
    }
    PortReading reading = PortReading.of(got.stream().map(Fetched::doc).toList(), p.format());
    if (!reading.any()) {
      return;
    }
    Counters.Delta d = counters.delta(p.entity(), scrape.ts(), reading.values);
    if (d == null) {
      return;
    }
    for (int k = 0; k < PortReading.METRICS.size(); k++) {
      if (reading.present[k]) {
        scrape.sample(p.entity(), PortReading.METRICS.get(k), d.rate(k));
      }
    }
  }

  TelemetryStream stream() {
    return stream;
  }

  /** Stops the stream, deletes the session, closes the connections: on every exit path. */
  @Override
  public void close() {
    try {
      if (stream != null) {
        stream.close();
      }
      fetcher.close();
    } finally {
      client.close();
    }
  }
}
