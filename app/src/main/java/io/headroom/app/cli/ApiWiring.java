package io.headroom.app.cli;

import io.headroom.analyzer.detect.Thresholds;
import io.headroom.app.api.ApiServer;
import io.headroom.app.api.MetricsSource;
import io.headroom.app.api.OwnHealthMetrics;
import io.headroom.app.api.RunRecords;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.service.Infrastructure;
import io.headroom.config.ApiConfig;
import io.headroom.config.ConfigException;
import io.headroom.config.TestbedConfig;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.util.List;

/** Starts the HTTP API next to an analyzer when --http or api.listen asks for it. */
final class ApiWiring {
  private ApiWiring() {}

  /** The running API, or null when none was asked for (try-with-resources accepts null). */
  static ApiServer start(TestbedConfig testbed, String http, KafkaClient kafka, Infrastructure.DbTarget db,
      AnalyzerService analyzer, Thresholds thresholds, List<MetricsSource> metrics) throws Exception {
    ApiConfig config = http != null ? testbed.api().listeningOn(http) : testbed.api();
    if (config.listen() == null) {
      return null;
    }
    try {
      ApiConfig.HostPort.parse(config.listen());
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--http: " + e.getMessage());
    }
    Topics topics = new Topics(testbed.kafka().topicPrefix());
    List<MetricsSource> all = new java.util.ArrayList<>(metrics);
    all.add(new OwnHealthMetrics(analyzer.liveVerdictLatency(), analyzer.consumerLag()));
    ApiServer api = ApiServer.start(config, new ApiServer.Backend(db.url(), db.user(), db.password(),
        () -> new RunRecords(kafka, topics), analyzer::health, all, thresholds, testbed.testbed()), System.getenv());
    String host = ApiConfig.HostPort.parse(config.listen()).host();
    System.err.printf("API and run reports at http://%s:%d%s%n", host.contains(":") ? "[" + host + "]" : host,
        api.port(), "/api/v1/runs");
    return api;
  }
}
