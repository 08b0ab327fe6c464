package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.headroom.model.TestbedName;
import java.nio.file.Path;
import java.util.List;

/**
 * A testbed file's top level as written, bound strictly by {@link SettingsBinder}: a section of
 * the wrong type ({@code kafka: "broker1:9092"}) is an error naming its key, not a quiet default.
 * Sources are bound by their own factories, so they stay as written here.
 */
record TestbedFile(
    String testbed,
    KafkaConfig kafka,
    DatabaseConfig database,
    SpoolConfig spool,
    AlertsConfig alerts,
    ApiConfig api,
    Detection detection,
    List<JsonNode> sources,
    CollectorConfig collector,
    List<RemoteWriteTarget> remoteWrite) {

  /**
   * {@code detection:}: thresholds and how onsets are found, bound and checked by the analyzer
   * (ThresholdsBinder); {@code compare:} the settings of `headroom compare` (its noise_floor).
   */
  record Detection(JsonNode thresholds, JsonNode onsets, JsonNode compare) {
    static final Detection NONE = new Detection(MissingNode.getInstance(), MissingNode.getInstance(),
        MissingNode.getInstance());

    Detection {
      thresholds = thresholds == null ? MissingNode.getInstance() : thresholds;
      onsets = onsets == null ? MissingNode.getInstance() : onsets;
      compare = compare == null ? MissingNode.getInstance() : compare;
    }
  }

  /** The sections check themselves; what is left is the name. */
  List<String> validate() {
    String problem = TestbedName.problem(testbed); // it starts every Kafka key and database key
    return problem == null ? List.of() : List.of("testbed: " + problem);
  }

  static TestbedFile defaults(Path defaultSpoolDir) {
    return new TestbedFile(null, KafkaConfig.EMBEDDED, DatabaseConfig.EMBEDDED, SpoolConfig.at(defaultSpoolDir),
        AlertsConfig.NONE, ApiConfig.NONE, Detection.NONE, List.of(), CollectorConfig.DEFAULTS, List.of());
  }
}
