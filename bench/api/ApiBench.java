import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.api.ApiServer;
import io.headroom.app.service.AnalyzerService;
import io.headroom.config.ApiConfig;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Serves the API on 127.0.0.1 over a database of RUNS finished runs of a 500-entity testbed,
 * each with 4 phases and a stored verdict (500 headroom entries), for wrk to load. Reads only:
 * runs declared through the API are refused here (there is no Kafka).
 *
 * Usage: java -cp CLASSPATH bench/api/ApiBench.java ADMIN_JDBC_URL RUNS PORT_FILE
 */
public class ApiBench {
  public static void main(String[] args) throws Exception {
    String admin = args[0];
    int runs = Integer.parseInt(args[1]);
    String name = "headroom_bench_api";
    try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name);
      s.execute("CREATE DATABASE " + name);
    }
    String url = admin.replaceFirst("/postgres", "/" + name);
    try (Connection c = DriverManager.getConnection(url)) {
      Migrations.migrateAndMaintain(c, StoreConfig.DEFAULTS);
      seed(c, runs);
    }
    ApiServer api = ApiServer.start(new ApiConfig("127.0.0.1:0", null, null),
        new ApiServer.Backend(url, null, null, ApiBench::noKafka, () -> new AnalyzerService.Health("storing", 0, 0, 0),
            List.of(), Thresholds.defaults(), "bench"), Map.of(ApiConfig.DEFAULT_TOKEN_ENV, "bench-token"));
    Files.writeString(Path.of(args[2]), Integer.toString(api.port()));
    System.out.println("serving on 127.0.0.1:" + api.port());
    Thread.currentThread().join();
  }

  private static ApiServer.RunRecordsSink noKafka() {
    return new ApiServer.RunRecordsSink() {
      @Override
      public void publish(String testbed, io.headroom.model.RecordingRecord record) {
        throw new IllegalStateException("read-only benchmark");
      }

      @Override
      public void close() {}
    };
  }

  private static void seed(Connection c, int runs) throws Exception {
    List<HeadroomEntry> headroom = new ArrayList<>();
    for (int e = 0; e < 500; e++) {
      headroom.add(new HeadroomEntry("h" + e / 50 + "/disk/nvme" + e % 50 + "n1", "disk", 1.0 - e / 1000.0, 1.0 - e / 1000.0, "util", true));
    }
    double t0 = 1_790_000_000;
    try (PreparedStatement run = c.prepareStatement("INSERT INTO run VALUES ('bench', ?, to_timestamp(?), to_timestamp(?), '{\"tool\":\"fio\"}')");
        PreparedStatement phase = c.prepareStatement("INSERT INTO phase VALUES ('bench', ?, ?, to_timestamp(?), to_timestamp(?))");
        PreparedStatement verdict = c.prepareStatement("INSERT INTO verdict VALUES ('bench', ?, to_timestamp(?), 'DISK', ?, 0.9, ?::jsonb)")) {
      for (int r = 0; r < runs; r++) {
        String id = "r" + r;
        double start = t0 + r * 3600;
        run.setString(1, id);
        run.setDouble(2, start);
        run.setDouble(3, start + 3600);
        run.addBatch();
        List<PhaseVerdict> phases = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
          phase.setString(1, id);
          phase.setString(2, "qd" + (1 << p));
          phase.setDouble(3, start + p * 900);
          phase.setDouble(4, start + (p + 1) * 900);
          phase.addBatch();
          phases.add(new PhaseVerdict("qd" + (1 << p), Bottleneck.DISK, headroom.get(0).entity(), 0.9));
        }
        Verdict v = new Verdict(id, Bottleneck.DISK, headroom.get(0).entity(), 0.9,
            List.of("disk at its ceiling"), headroom, phases);
        verdict.setString(1, id);
        verdict.setDouble(2, start + 3600);
        verdict.setString(3, v.entity());
        verdict.setString(4, VerdictJson.toJson(v));
        verdict.addBatch();
      }
      run.executeBatch();
      phase.executeBatch();
      verdict.executeBatch();
    }
  }
}
