package io.headroom.analyzer.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Run;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

class ActiveRunsTest {
  @Test
  void aRunsPartitionIsTheOneKafkasProducerSendsItsRecordsTo() {
    for (String key : new String[] {"lab|r1", "lab|run-1796001065", "s5|s5", "a|b"}) {
      for (int n : new int[] {1, 2, 4, 12}) {
        assertEquals(BuiltInPartitioner.partitionForKey(key.getBytes(StandardCharsets.UTF_8), n),
            ActiveRuns.partition(key, n), key + " over " + n);
      }
    }
  }

  @Test
  void runsOfARevokedPartitionAreForgottenAndEndedRunsLingerThenGo() {
    ActiveRuns runs = new ActiveRuns();
    runs.update("lab", new Run("r1", "lab", 100, null, Map.of()));
    runs.update("lab", new Run("r2", "lab", 100, 200.0, Map.of()));
    int p1 = ActiveRuns.partition("lab|r1", 4);
    boolean shared = ActiveRuns.partition("lab|r2", 4) == p1;
    runs.forget(Set.of(p1), 4);
    assertEquals(shared ? Set.of() : Set.of("lab|r2"), runs.keys());
    assertEquals(0, runs.due(200 + ActiveRuns.LINGER_S + 1).size(), "r2 ended more than the linger ago");
  }

  @Test
  void storedSamplesAreToldOnlyWhileARunIsActive() {
    java.util.concurrent.atomic.AtomicInteger told = new java.util.concurrent.atomic.AtomicInteger();
    ActiveRuns runs = new ActiveRuns(told::incrementAndGet);
    runs.samplesStored();
    assertEquals(0, told.get(), "no run: nothing to judge again");
    runs.update("lab", new Run("r1", "lab", 100, null, Map.of()));
    runs.samplesStored();
    runs.samplesStored();
    assertEquals(2, told.get());
  }
}
