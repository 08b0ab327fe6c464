package io.headroom.model.kafka;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Creates the four topics when missing, with the settings the design relies on: topology
 * compacted (the latest of each entity and relation is what counts), the others kept by time.
 * Relying on broker auto-creation would lose the compaction.
 */
public final class TopicSetup {
  private TopicSetup() {}

  public static void ensure(KafkaClient kafka, Topics topics, int partitions, short replication)
      throws InterruptedException, TimeoutException {
    List<NewTopic> wanted = new ArrayList<>();
    wanted.add(new NewTopic(topics.samples(), partitions, replication)
        .configs(Map.of("retention.ms", Long.toString(TimeUnit.DAYS.toMillis(7)), "compression.type", "producer")));
    wanted.add(new NewTopic(topics.topology(), partitions, replication)
        .configs(Map.of("cleanup.policy", "compact")));
    wanted.add(new NewTopic(topics.runs(), partitions, replication)
        .configs(Map.of("retention.ms", Long.toString(TimeUnit.DAYS.toMillis(30)))));
    wanted.add(new NewTopic(topics.verdicts(), partitions, replication)
        .configs(Map.of("retention.ms", Long.toString(TimeUnit.DAYS.toMillis(30)))));
    Map<String, Object> props = new HashMap<>(kafka.properties());
    props.put("request.timeout.ms", 10_000);
    try (Admin admin = Admin.create(props)) {
      Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
      List<NewTopic> missing = wanted.stream().filter(t -> !existing.contains(t.name())).toList();
      if (!missing.isEmpty()) {
        try {
          admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) {
            throw e; // another process creating them at the same moment is fine
          }
        }
      }
      awaitLeaders(admin, wanted.stream().map(NewTopic::name).toList(), kafka);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot create Headroom topics on " + kafka + ": "
          + e.getCause().getMessage(), e.getCause());
    }
  }

  /**
   * Waits until every partition of the topics has a leader. Created is not ready: a producer that
   * starts right away meets NOT_LEADER_OR_FOLLOWER, and an idempotent one can then retry into
   * OUT_OF_ORDER_SEQUENCE_NUMBER until its delivery timeout.
   */
  static void awaitLeaders(Admin admin, List<String> names, KafkaClient kafka)
      throws InterruptedException, TimeoutException, ExecutionException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      List<String> leaderless = new ArrayList<>();
      try {
        for (TopicDescription d : admin.describeTopics(names).allTopicNames().get(10, TimeUnit.SECONDS).values()) {
          for (TopicPartitionInfo p : d.partitions()) {
            if (p.leader() == null || p.leader().isEmpty()) {
              leaderless.add(d.name() + "-" + p.partition());
            }
          }
        }
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
          throw e;
        }
        leaderless.add(e.getCause().getMessage()); // metadata not yet everywhere: not ready either
      }
      if (leaderless.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("partitions without a leader on " + kafka + " after 30 s: " + leaderless);
      }
      Thread.sleep(100);
    }
  }
}
