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
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
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
      List<String> names = wanted.stream().map(NewTopic::name).toList();
      awaitLeaders(admin, names, kafka);
      awaitServingLeaders(admin, names, kafka);
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

  /**
   * Waits until each partition's leader answers as one. A broker's metadata can name a leader
   * before the broker serves as that leader (seen on the embedded KRaft broker under load): a
   * producer meeting that gap gets NOT_LEADER_OR_FOLLOWER, and an idempotent one may then retry
   * into OUT_OF_ORDER_SEQUENCE_NUMBER until its delivery timeout. ListOffsets is answered only by
   * the serving leader, and the admin client retries it (fresh metadata each time) until then.
   */
  static void awaitServingLeaders(Admin admin, List<String> names, KafkaClient kafka)
      throws InterruptedException, ExecutionException {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    try {
      for (TopicDescription d : admin.describeTopics(names).allTopicNames().get(10, TimeUnit.SECONDS).values()) {
        for (TopicPartitionInfo p : d.partitions()) {
          latest.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest());
        }
      }
      admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("partition leaders on " + kafka + " did not answer within 30 s: " + latest.keySet(), e);
    }
  }
}
