package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the consumer is told about its membership, and the line that says what a kill costs. */
class GroupMembershipTest {
  private static final IngestConfig DEFAULTS = IngestConfig.defaults(KafkaClient.plaintext("k:9092"), new Topics("t."));

  @Test
  void aStaticMemberSendsItsInstanceIdAndTheShortenedSession() {
    Map<String, Object> p = IngestLoop.consumerProps(DEFAULTS.with(GroupMembership.staticAs("headroom-h1-analyzer")));
    assertEquals("headroom-h1-analyzer", p.get("group.instance.id"));
    assertEquals(10_000, p.get("session.timeout.ms"));
    assertEquals(3_333, p.get("heartbeat.interval.ms")); // a third of 10,000 ms, rounded down
  }

  @Test
  void aDynamicMemberSendsNoInstanceId() {
    Map<String, Object> p = IngestLoop.consumerProps(DEFAULTS);
    assertFalse(p.containsKey("group.instance.id"));
    assertEquals(10_000, p.get("session.timeout.ms"));
  }

  @Test
  void theDefaultIdIsTheHostsWithWhatKafkaRefusesReplaced() {
    assertEquals("headroom-lab-1.example.com-analyzer", GroupMembership.defaultInstanceId("lab-1.example.com", "analyzer"));
    assertEquals("headroom-h_st_1-analyzer", GroupMembership.defaultInstanceId("h st/1", "analyzer"));
  }

  @Test
  void anIdKafkaRefusesAndASessionTheBrokerRefusesAreProblems() {
    assertEquals(List.of(), GroupMembership.staticAs("a".repeat(249)).validate());
    assertEquals(List.of("instance id \"a b\": 1 to 249 of A-Z, a-z, 0-9, '.', '_', '-'"),
        GroupMembership.staticAs("a b").validate());
    assertEquals(1, GroupMembership.staticAs("a".repeat(250)).validate().size());
    assertEquals(List.of(), new GroupMembership(null, Duration.ofSeconds(6)).validate());
    assertEquals(List.of("session timeout 5999 ms: the broker takes 6 s to 30 min by default"),
        new GroupMembership(null, Duration.ofMillis(5999)).validate());
    assertEquals(List.of(), new GroupMembership(null, Duration.ofMinutes(30)).validate());
    assertEquals(1, new GroupMembership(null, Duration.ofMinutes(30).plusMillis(1)).validate().size());
  }

  @Test
  void theStartLineSaysWhatARebalanceAfterAKillWaitsFor() {
    assertEquals("consumer group g: static member a1; restarted within its session timeout of 10 s it takes its "
        + "partitions back at once, with no rebalance; killed and not restarted, the others take them after 10 s; "
        + "a stop leaves the group, so they take them at once", GroupMembership.staticAs("a1").describe("g"));
    assertEquals("consumer group g: a dynamic member (no instance id); if this analyzer is killed, its partitions "
        + "wait for its session timeout of 10 s before another analyzer or its restart takes them",
        GroupMembership.dynamic().describe("g"));
  }
}
