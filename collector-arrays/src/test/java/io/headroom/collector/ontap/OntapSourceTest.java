package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.ManualClock;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import io.headroom.standin.arrays.OntapStandin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ontap source against the counter-table stand-in: two polls, paging, incomplete rows, faults
 * (a table, the volume statistics, a refused login), counters the schema lacks, and the port speeds
 * behind the ceilings: when they are read and which are no speed.
 */
class OntapSourceTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path CLUSTER = Path.of("src/test/resources/golden/ontap/two-node-cluster/input/cluster.json");
  private static final String PASSWORD = "ontap-secret-7";

  @TempDir
  Path dir;

  private Source source(StandinServer server, String extra) throws Exception {
    Files.writeString(dir.resolve("pw"), PASSWORD);
    String yaml = "url: " + server.baseUri() + "\nplaintext: true\nusername: monitor\npassword_file: pw\nretries: 0\n" + extra;
    return new OntapSourceFactory().create(new SourceContext("cl1", Duration.ofSeconds(5), dir), YAML.readTree(yaml));
  }

  private static StandinServer serve(ObjectNode cluster) throws Exception {
    return OntapStandin.serve(cluster, StandinServer.builder().start());
  }

  private static ObjectNode cluster() throws Exception {
    return (ObjectNode) JSON.readTree(CLUSTER.toFile());
  }

  @Test
  void theFirstPollGivesEntitiesOnlyAndTheSecondTheFigures() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "")) {
      Scrape first = new Scrape(1000);
      source.scrape(first);
      assertEquals(9, first.entities().size());
      assertEquals(0, first.sampleCount());
      Scrape second = new Scrape(1010);
      source.scrape(second);
      // poll 2 - poll 1 of cl1-01: cpu_busy 4.65e6 over cpu_elapsed_time 5e6 = 0.93
      List<Scrape.Reading> util = second.readings().get("cl1/node/cl1-01").stream()
          .filter(r -> r.metric().equals("util")).toList();
      assertEquals(1, util.size());
      assertEquals(0.93, util.get(0).value(), 1e-12);
      // stamped with the node's own time counter (T0 + 5), not the scrape's 1010
      assertEquals(1795995445.0, util.get(0).ts(), 0);
    }
  }

  @Test
  void pagesAreFollowedByTheirNextLinks() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "")) {
      source.scrape(new Scrape(1000));
      // volume has 3 rows in pages of page_rows 2: two requests; the 2-row tables one each
      assertEquals(2, server.count("GET", "/api/cluster/counter/tables/volume/rows"));
      assertEquals(1, server.count("GET", "/api/cluster/counter/tables/system:node/rows"));
      assertTrue(server.requests().stream().anyMatch(r -> r.path().endsWith("/volume/rows")
          && String.valueOf(r.query()).contains("max_records=1000") && String.valueOf(r.query()).contains("return_timeout=15")));
      // only what the metrics need: cpu_busy, its denominator, and the row's time
      assertTrue(server.requests().stream().anyMatch(r -> r.path().endsWith("system:node/rows")
          && String.valueOf(r.query()).contains("counters.name=cpu_busy%7Ccpu_elapsed_time%7Ctime")), "counters.name filter");
    }
  }

  @Test
  void rowsWithIncompleteAggregationAreSkippedAndCounted() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "")) {
      source.scrape(new Scrape(1000));
      source.scrape(new Scrape(1010));
      Scrape third = new Scrape(1020); // poll 3: bench_vol3's aggregation is incomplete
      source.scrape(third);
      assertTrue(third.degraded().contains("cl1/volume: 1 rows skipped, aggregation incomplete"), third.degraded().toString());
      assertEquals(null, third.readings().get("cl1/volume/svm_bench/bench_vol3"));
      assertFalse(third.readings().get("cl1/volume/svm_bench/bench_vol1").isEmpty());
    }
  }

  @Test
  void aWrongPasswordFailsTheScrapeWithoutShowingThePassword() throws Exception {
    ObjectNode c = cluster();
    c.put("password", "not-it");
    try (StandinServer server = serve(c); Source source = source(server, "tables: [system:node, volume]\n")) {
      // no table can be read: the scrape fails (its health says so) rather than succeed empty
      Scrape s = new Scrape(1000);
      IOException e = assertThrows(IOException.class, () -> source.scrape(s));
      assertTrue(e.getMessage().contains("HTTP 401"), e.getMessage());
      assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
      // the first table refused says so; volume, which would be refused too, is not asked
      assertEquals(List.of("cl1/system:node: " + e.getMessage()), s.problems());
      assertEquals(0, server.count("GET", "/api/cluster/counter/tables/volume"));
    }
  }

  @Test
  void aWrongPasswordIsSentOncePerLoginBackoffNotOncePerTable() throws Exception {
    ObjectNode c = cluster();
    c.put("password", "not-it");
    ManualClock clock = new ManualClock(Instant.parse("2026-12-01T10:00:00Z"));
    Files.writeString(dir.resolve("pw"), PASSWORD);
    try (StandinServer server = serve(c)) {
      String yaml = "url: " + server.baseUri() + "\nplaintext: true\nusername: monitor\npassword_file: pw\nretries: 0\n";
      try (Source source = new OntapSourceFactory(clock)
          .create(new SourceContext("cl1", Duration.ofSeconds(5), dir), YAML.readTree(yaml))) {
        long[] sentAt = new long[61];
        for (int t = 0; t <= 60; t += 5) { // a scrape every 5 s, all seven tables and the ports each
          assertThrows(IOException.class, () -> source.scrape(new Scrape(clock.seconds())));
          sentAt[t] = server.requests().size();
          clock.advance(Duration.ofSeconds(5));
        }
        // each request carries the password: one at t=0 (refused, hold 30 s), one at t=30 (hold 60 s)
        assertEquals(1, sentAt[25]);
        assertEquals(2, sentAt[30]);
        assertEquals(2, sentAt[60]);
      }
    }
  }

  @Test
  void oneTableFailingIsAProblemAndTheScrapeStands() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "tables: [system:node, volume]\n")) {
      server.when("GET", "/api/cluster/counter/tables/volume").reply(500);
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(1, s.problems().size(), s.problems().toString());
      assertTrue(s.problems().get(0).startsWith("cl1/volume: GET "), s.problems().get(0));
      assertEquals(2, s.entities().size()); // the two nodes of system:node
    }
  }

  @Test
  void aTableThatFailsOncePicksUpFromItsLastGoodPoll() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "tables: [system:node, lif]\n")) {
      source.scrape(new Scrape(1000)); // poll 1
      server.when("GET", "/api/cluster/counter/tables/system:node/rows").times(1).reply(503);
      Scrape failed = new Scrape(1010);
      source.scrape(failed);
      assertEquals(1, failed.problems().size());
      Scrape after = new Scrape(1020); // poll 2 (the failed request did not count as a poll)
      source.scrape(after);
      // differenced against poll 1, kept through the failure: 4.65e6 / 5e6
      assertEquals(0.93, after.readings().get("cl1/node/cl1-01").get(0).value(), 1e-12);
    }
  }

  @Test
  void portCeilingsComeFromTheNetworkApiAndAreReadAgainAfterTenMinutes() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "tables: [nic_common, fcp]\n")) {
      Scrape first = new Scrape(1000);
      source.scrape(first);
      // e4a: speed 100000 Mb/s = 1e11 b/s / 8 = 1.25e10 bytes/s; 0e: connected_speed 32 Gb/s x 100 MB/s = 3.2e9
      assertEquals(1.25e10, capacity(first, "cl1/port/cl1-01/e4a"));
      assertEquals(3.2e9, capacity(first, "cl1/port/cl1-01/0e"));
      assertEquals(1, server.count("GET", "/api/network/ethernet/ports"));
      // 599 s later: not yet due; 600 s after the first read: read again
      source.scrape(new Scrape(1599));
      assertEquals(1, server.count("GET", "/api/network/fc/ports"));
      source.scrape(new Scrape(1600));
      assertEquals(2, server.count("GET", "/api/network/fc/ports"));
    }
  }

  @Test
  void portsWhoseSpeedCannotBeReadHaveNoCeilingAndTheScrapeSaysSo() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "tables: [nic_common, fcp]\n")) {
      server.when("GET", "/api/network/fc/ports").reply(500);
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(null, capacity(s, "cl1/port/cl1-01/0e"));
      assertEquals(1.25e10, capacity(s, "cl1/port/cl1-01/e4a"));
      assertEquals(1, s.problems().size(), s.problems().toString());
      assertTrue(s.problems().get(0).startsWith("cl1 fc ports: no port speeds, so no ceilings: GET "), s.problems().get(0));
    }
  }

  /** One volume's statistics as /api/storage/volumes answers (fields=...,statistics). */
  private static final String VOLUMES = "{\"records\":[{\"uuid\":\"u1\",\"name\":\"v1\",\"svm\":{\"name\":\"s1\"},"
      + "\"statistics\":{\"timestamp\":\"2024-07-29T16:14:10Z\",\"status\":\"ok\",\"iops_raw\":{\"read\":10,\"write\":0}}}],"
      + "\"num_records\":1}";

  @Test
  void withVolumeStatisticsTheVolumeTableIsNotReadAndTheOtherTablesAre() throws Exception {
    try (StandinServer server = serve(cluster());
        Source source = source(server, "tables: [system:node, volume]\nvolume_statistics: true\n")) {
      server.handle("/api/storage/volumes", req -> StandinReply.json(VOLUMES));
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(0, server.count("GET", "/api/cluster/counter/tables/volume"));
      assertEquals(0, server.count("GET", "/api/cluster/counter/tables/volume/rows"));
      assertEquals(1, server.count("GET", "/api/cluster/counter/tables/system:node/rows"));
      // the two nodes and the one volume of the statistics, not the table's three
      assertEquals(List.of("cl1/node/cl1-01", "cl1/node/cl1-02", "cl1/volume/s1/v1"),
          s.entities().stream().map(e -> e.id()).sorted().toList());
    }
  }

  @Test
  void volumeStatisticsFailingWithNoTableFailTheScrape() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "tables: []\nvolume_statistics: true\n")) {
      server.when("GET", "/api/storage/volumes").reply(500);
      Scrape s = new Scrape(1000);
      // the volumes are the scrape's one part: all of it failed
      IOException e = assertThrows(IOException.class, () -> source.scrape(s));
      assertTrue(e.getMessage().startsWith("GET "), e.getMessage());
      assertEquals(List.of("cl1/volumes: " + e.getMessage()), s.problems());
    }
  }

  @Test
  void volumeStatisticsFailingBesideATableThatIsReadAreAProblemAndTheScrapeStands() throws Exception {
    try (StandinServer server = serve(cluster());
        Source source = source(server, "tables: [system:node]\nvolume_statistics: true\n")) {
      server.when("GET", "/api/storage/volumes").reply(500);
      Scrape s = new Scrape(1000);
      source.scrape(s); // one part of two failed: no exception
      assertEquals(1, s.problems().size(), s.problems().toString());
      assertTrue(s.problems().get(0).startsWith("cl1/volumes: GET "), s.problems().get(0));
      assertEquals(2, s.entities().size()); // the two nodes
    }
  }

  @Test
  void aRefusedLoginToTheVolumeStatisticsIsTheirProblemAndFailsTheScrape() throws Exception {
    ObjectNode c = cluster();
    c.put("password", "not-it");
    try (StandinServer server = serve(c); Source source = source(server, "tables: []\nvolume_statistics: true\n")) {
      server.handle("/api/storage/volumes", req -> StandinReply.json(VOLUMES));
      Scrape s = new Scrape(1000);
      LoginFailedException e = assertThrows(LoginFailedException.class, () -> source.scrape(s));
      assertTrue(e.getMessage().contains("HTTP 401"), e.getMessage());
      assertEquals(List.of("cl1/volumes: " + e.getMessage()), s.problems());
    }
  }

  @Test
  void aCounterTheSchemaLacksIsAProblemAndItsMetricHasNoFigure() throws Exception {
    ObjectNode c = cluster();
    ArrayNode schemas = (ArrayNode) c.path("tables").path("headroom_cpu").path("schema").path("counter_schemas");
    for (int i = schemas.size() - 1; i >= 0; i--) {
      if (schemas.get(i).path("name").asText().equals("optimal_point.ops")) {
        schemas.remove(i);
      }
    }
    try (StandinServer server = serve(c); Source source = source(server, "tables: [headroom_cpu]\n")) {
      source.scrape(new Scrape(1000));
      Scrape second = new Scrape(1010);
      source.scrape(second);
      // said once for the table, not once per node
      assertEquals(List.of("cl1/headroom_cpu: counters not in this cluster's schema: optimal_point.ops"), second.problems());
      List<Scrape.Reading> node = second.readings().get("cl1/node/cl1-01");
      // no optimal_ops at all (not 0); the other metrics stand: current_utilization 4.5e6 over elapsed_time 5e6 = 0.9
      assertEquals(List.of(), node.stream().filter(r -> r.metric().equals("optimal_ops")).toList());
      assertEquals(0.9, node.stream().filter(r -> r.metric().equals("headroom_util")).findFirst().orElseThrow().value(), 1e-12);
    }
  }

  @Test
  void portsAreNotReadAgainAtTheSameTimeButAreWhenTheClockWentBack() throws Exception {
    try (StandinServer server = serve(cluster()); Source source = source(server, "tables: [nic_common]\n")) {
      source.scrape(new Scrape(1000));
      source.scrape(new Scrape(1000)); // 0 s after the read: not due
      assertEquals(1, server.count("GET", "/api/network/ethernet/ports"));
      source.scrape(new Scrape(999)); // before the last read: the clock was set back, read again
      assertEquals(2, server.count("GET", "/api/network/ethernet/ports"));
    }
  }

  @Test
  void aPortOfSpeedZeroHasNoCeilingAndOneOfOneMegabitHasOne() throws Exception {
    ObjectNode c = cluster();
    ArrayNode ethernet = (ArrayNode) c.path("network").path("ethernet");
    ((ObjectNode) ethernet.get(0)).put("speed", 0); // e4a
    ((ObjectNode) ethernet.get(1)).put("speed", 1); // e0M
    ArrayNode rows = (ArrayNode) c.path("tables").path("nic_common").path("rows");
    ObjectNode e0m = rows.get(0).deepCopy();
    e0m.put("id", "cl1-01:e0M");
    rows.add(e0m);
    try (StandinServer server = serve(c); Source source = source(server, "tables: [nic_common]\n")) {
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(null, capacity(s, "cl1/port/cl1-01/e4a"));
      // 1 Mb/s = 1e6 b/s / 8 = 125000 bytes/s
      assertEquals(125000.0, capacity(s, "cl1/port/cl1-01/e0M"));
    }
  }

  private static Double capacity(Scrape s, String id) {
    return s.entities().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow().capacity().get("bytes_per_s");
  }
}
