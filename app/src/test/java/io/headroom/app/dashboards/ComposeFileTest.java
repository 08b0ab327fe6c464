package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.app.cli.Main;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml and the Dockerfile, checked without Docker (which cannot run here): the
 * services, what they mount, that their commands parse with the real launcher, that the testbed
 * files they hand the daemons load, and that no secret is written out.
 */
class ComposeFileTest {
  private static final JsonNode COMPOSE = Yaml.read("docker-compose.yml");
  private static final JsonNode SERVICES = COMPOSE.path("services");
  private static final JsonNode TESTBED_HOST = Yaml.read("docker-compose.testbed-host.yml");

  @Test
  void theFiveServicesExist() {
    List<String> names = new ArrayList<>();
    SERVICES.fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("kafka", "timescaledb", "grafana", "analyzer", "collector"), names);
  }

  @Test
  void kafkaIsASingleKraftNodeOfTheReleaseTheBuildUses() throws Exception {
    JsonNode kafka = SERVICES.path("kafka");
    String pom = Files.readString(DashboardModel.repoRoot().resolve("pom.xml"));
    Matcher v = Pattern.compile("<kafka.version>([^<]+)</kafka.version>").matcher(pom);
    assertTrue(v.find());
    assertEquals("apache/kafka:" + v.group(1), kafka.path("image").asText());
    JsonNode env = kafka.path("environment");
    assertEquals("broker,controller", env.path("KAFKA_PROCESS_ROLES").asText());
    assertEquals("1@kafka:9093", env.path("KAFKA_CONTROLLER_QUORUM_VOTERS").asText());
    // The stack's containers use kafka:9092; collectors on other machines (and the host-network
    // collector) the published 29092, advertised under the name they reach this machine by.
    assertEquals("PLAINTEXT://:9092,CONTROLLER://:9093,EXTERNAL://:29092", env.path("KAFKA_LISTENERS").asText());
    assertEquals("PLAINTEXT://kafka:9092,EXTERNAL://${HEADROOM_KAFKA_EXTERNAL_HOST:-localhost}:29092",
        env.path("KAFKA_ADVERTISED_LISTENERS").asText());
    assertEquals("CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,EXTERNAL:PLAINTEXT",
        env.path("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP").asText());
    assertEquals(List.of("29092:29092"), texts(kafka.path("ports")));
  }

  @Test
  void kafkaKeepsItsLogOnTheVolume() {
    JsonNode kafka = SERVICES.path("kafka");
    String dir = kafka.path("environment").path("KAFKA_LOG_DIRS").asText();
    assertEquals("/var/lib/kafka/data", dir);
    assertEquals(List.of("kafka-data:" + dir), texts(kafka.path("volumes")));
    assertTrue(COMPOSE.path("volumes").has("kafka-data"));
  }

  @Test
  void everyImageIsPinnedToAFullRelease() throws Exception {
    // x.y.z (with an optional suffix such as -pg16 or _11-jre): "17-jre" or "3.9" float.
    Pattern pinned = Pattern.compile("[^:\\s]+:\\d+\\.\\d+\\.\\d+[-_.a-z0-9]*");
    List<String> images = new ArrayList<>();
    SERVICES.forEach(s -> {
      if (!s.has("build")) {
        images.add(s.path("image").asText());
      }
    });
    String docker = Files.readString(DashboardModel.repoRoot().resolve("Dockerfile"));
    Pattern.compile("(?m)^FROM (\\S+)").matcher(docker).results().forEach(m -> images.add(m.group(1)));
    assertEquals(5, images.size(), images.toString());
    for (String image : images) {
      assertTrue(pinned.matcher(image).matches(), image + " is not pinned to a full release");
    }
  }

  @Test
  void grafanaLogsInAsTheReadOnlyUserAndEveryPasswordComesFromTheEnvironment() throws Exception {
    JsonNode db = SERVICES.path("timescaledb");
    assertTrue(db.path("image").asText().startsWith("timescale/timescaledb:"));
    assertEquals("headroom", db.path("environment").path("POSTGRES_DB").asText());
    assertEquals("headroom", db.path("environment").path("POSTGRES_USER").asText());
    String password = "${HEADROOM_DB_PASSWORD:?set HEADROOM_DB_PASSWORD}";
    assertEquals(password, db.path("environment").path("POSTGRES_PASSWORD").asText());
    assertEquals(password, SERVICES.path("analyzer").path("environment").path("HEADROOM_DB_PASSWORD").asText());
    // Grafana has only the read-only login's password, which the database's init script uses.
    String grafanaPassword = "${HEADROOM_GRAFANA_DB_PASSWORD:?set HEADROOM_GRAFANA_DB_PASSWORD}";
    JsonNode grafanaEnv = SERVICES.path("grafana").path("environment");
    assertEquals(grafanaPassword, grafanaEnv.path("HEADROOM_GRAFANA_DB_PASSWORD").asText());
    assertTrue(grafanaEnv.path("HEADROOM_DB_PASSWORD").isMissingNode());
    assertEquals(grafanaPassword, db.path("environment").path("HEADROOM_GRAFANA_DB_PASSWORD").asText());
    assertTrue(texts(db.path("volumes")).contains("./compose/timescaledb:/docker-entrypoint-initdb.d:ro"));
    String init = Files.readString(DashboardModel.repoRoot().resolve("compose/timescaledb/init-grafana-role.sh"));
    JsonNode ds = Yaml.read("dashboards/provisioning/datasources/headroom.yaml").path("datasources").get(0);
    assertEquals("grafana", ds.path("user").asText());
    assertTrue(init.contains("CREATE ROLE " + ds.path("user").asText() + " LOGIN PASSWORD :'password' IN ROLE headroom_reader;"));
    assertTrue(init.contains("-v password=\"$HEADROOM_GRAFANA_DB_PASSWORD\""));
    assertEquals(List.of(), Yaml.literalSecrets(COMPOSE, ""));
  }

  @Test
  void grafanaMountsTheProvisioningFolder() {
    List<String> volumes = new ArrayList<>();
    SERVICES.path("grafana").path("volumes").forEach(v -> volumes.add(v.asText()));
    assertTrue(volumes.contains("./dashboards/provisioning:/etc/grafana/provisioning:ro"), volumes.toString());
    for (String v : volumes) {
      String source = v.split(":")[0];
      if (source.startsWith("./")) {
        assertTrue(Files.isDirectory(DashboardModel.repoRoot().resolve(source)), v);
      }
    }
  }

  @Test
  void theDaemonCommandsParseWithTheLauncher() {
    for (String service : List.of("analyzer", "collector")) {
      JsonNode s = SERVICES.path(service);
      assertEquals(".", s.path("build").asText(), service);
      List<String> args = new ArrayList<>();
      s.path("command").forEach(a -> args.add(a.asText()));
      assertEquals(service, args.get(0));
      // Throws on an unknown subcommand or option, as `headroom` itself would refuse to start.
      Main.commandLine().parseArgs(args.toArray(new String[0]));
    }
    List<String> analyzer = texts(SERVICES.path("analyzer").path("command"));
    assertEquals("kafka:9092", analyzer.get(analyzer.indexOf("--kafka") + 1));
    assertEquals("jdbc:postgresql://timescaledb:5432/headroom", analyzer.get(analyzer.indexOf("--db") + 1));
  }

  @Test
  void theCollectorsTestbedWatchesTheDockerHostsProcAndSys() throws Exception {
    TestbedConfig config = TestbedLoader.load(configFile("collector-testbed"), Files.createTempDirectory("spool"));
    assertEquals("compose", config.testbed());
    assertEquals(1, config.sources().size());
    assertEquals("host", config.sources().get(0).type());
    assertEquals("/host/proc", config.sources().get(0).settings().path("proc_root").asText());
    List<String> volumes = new ArrayList<>();
    SERVICES.path("collector").path("volumes").forEach(v -> volumes.add(v.asText()));
    assertEquals(List.of("/proc:/host/proc:ro", "/sys:/host/sys:ro"), volumes);
    // /proc/net/dev is per network namespace: only the host's shows the host's NICs, and from
    // there Kafka is its published listener.
    assertEquals("host", SERVICES.path("collector").path("network_mode").asText());
    List<String> args = texts(SERVICES.path("collector").path("command"));
    assertEquals("${HEADROOM_KAFKA_EXTERNAL_HOST:-localhost}:29092", args.get(args.indexOf("--kafka") + 1));
  }

  @Test
  void theAnalyzerServesItsApiWithATokenFromTheEnvironment() {
    JsonNode analyzer = SERVICES.path("analyzer");
    List<String> args = texts(analyzer.path("command"));
    assertEquals("0.0.0.0:8080", args.get(args.indexOf("--http") + 1));
    assertEquals(List.of("8080:8080"), texts(analyzer.path("ports")));
    assertEquals("${HEADROOM_API_TOKEN:?set HEADROOM_API_TOKEN}",
        analyzer.path("environment").path("HEADROOM_API_TOKEN").asText());
  }

  @Test
  void theDaemonsTakeTheirHeapBoundFromTheEnvironmentAndTheLaunchersDefaultWhenEmpty() {
    // an empty value reaches bin/jvm-options as empty, which then uses its default (JvmOptionsScriptTest)
    assertEquals("${HEADROOM_HEAP:-}", SERVICES.path("analyzer").path("environment").path("HEADROOM_HEAP").asText());
    assertEquals("${HEADROOM_COLLECTOR_HEAP:-}",
        SERVICES.path("collector").path("environment").path("HEADROOM_COLLECTOR_HEAP").asText());
    assertEquals("${HEADROOM_COLLECTOR_HEAP:-}",
        TESTBED_HOST.path("services").path("collector").path("environment").path("HEADROOM_COLLECTOR_HEAP").asText());
  }

  @Test
  void theEnvExampleNamesEveryVariableTheFileRequiresAndDotEnvIsIgnored() throws Exception {
    Path root = DashboardModel.repoRoot();
    String compose = Files.readString(root.resolve("docker-compose.yml"));
    java.util.Set<String> required = new java.util.TreeSet<>();
    Pattern.compile("\\$\\{([A-Z_][A-Z0-9_]*)[:?-]").matcher(compose).results().forEach(m -> required.add(m.group(1)));
    java.util.Set<String> example = new java.util.TreeSet<>();
    for (String line : Files.readAllLines(root.resolve(".env.example"))) {
      if (line.matches("[A-Z_][A-Z0-9_]*=.*")) {
        example.add(line.substring(0, line.indexOf('=')));
      }
    }
    assertEquals(java.util.Set.of("GRAFANA_ADMIN_PASSWORD", "HEADROOM_API_TOKEN", "HEADROOM_COLLECTOR_HEAP",
        "HEADROOM_DB_PASSWORD", "HEADROOM_GRAFANA_DB_PASSWORD", "HEADROOM_HEAP", "HEADROOM_KAFKA_EXTERNAL_HOST"), required);
    assertEquals(required, example);
    assertTrue(Files.readAllLines(root.resolve(".gitignore")).contains(".env"));
  }

  @Test
  void theTestbedHostCollectorSeesItsHostAndSendsToTheStacksKafka() throws Exception {
    JsonNode collector = TESTBED_HOST.path("services").path("collector");
    assertEquals("host", collector.path("network_mode").asText());
    List<String> args = texts(collector.path("command"));
    Main.commandLine().parseArgs(args.toArray(new String[0]));
    assertEquals("${HEADROOM_KAFKA:?set HEADROOM_KAFKA to the stack's host:29092}", args.get(args.indexOf("--kafka") + 1));
    List<String> volumes = texts(collector.path("volumes"));
    assertEquals(List.of("${HEADROOM_TESTBED_FILE:-./examples/testbed-host.yaml}:/etc/headroom/collector.yaml:ro",
        "/proc:/host/proc:ro", "/sys:/host/sys:ro"), volumes);
    TestbedConfig config = TestbedLoader.load(DashboardModel.repoRoot().resolve("examples/testbed-host.yaml"),
        Files.createTempDirectory("spool"));
    assertEquals("host", config.sources().get(0).type());
    assertEquals("/host/proc", config.sources().get(0).settings().path("proc_root").asText());
    assertEquals("/host/sys", config.sources().get(0).settings().path("sys_root").asText());
  }

  @Test
  void everyFileAComposeFileMountsOrBuildsFromExists() {
    List<String> missing = new ArrayList<>();
    for (JsonNode compose : List.of(COMPOSE, TESTBED_HOST)) {
      compose.path("services").forEach(s -> {
        if (s.has("build") && !Files.isRegularFile(DashboardModel.repoRoot().resolve(s.path("build").asText()).resolve("Dockerfile"))) {
          missing.add("build " + s.path("build").asText());
        }
        for (String v : texts(s.path("volumes"))) {
          // ${VAR:-default}: the default is what a user who sets nothing gets.
          String source = v.replaceAll("^\\$\\{[A-Z_]+:-([^}]*)}", "$1").split(":")[0];
          if (source.startsWith("./") && !Files.exists(DashboardModel.repoRoot().resolve(source))) {
            missing.add(v);
          }
        }
      });
    }
    assertEquals(List.of(), missing);
  }

  @Test
  void theAnalyzersTestbedNamesTheUserAndThePasswordVariable() throws Exception {
    Path file = configFile("analyzer-testbed");
    try {
      TestbedConfig config = TestbedLoader.load(file, Files.createTempDirectory("spool"));
      assertEquals("headroom", config.database().user());
      assertEquals("HEADROOM_DB_PASSWORD", config.database().passwordEnv());
    } catch (ConfigException e) {
      // Without the variable in this test's environment, that must be the file's only problem.
      assertEquals(file + ": database.password_env: environment variable HEADROOM_DB_PASSWORD is not set", e.getMessage());
    }
  }

  @Test
  void theImageRunsTheLauncherClasspathTheAppModuleBuilds() throws Exception {
    String docker = Files.readString(DashboardModel.repoRoot().resolve("Dockerfile"));
    assertEquals(2, Pattern.compile("(?m)^FROM ").matcher(docker).results().count(), "build and runtime stages");
    assertTrue(docker.contains("COPY --from=build /src/app/target/headroom.jar "));
    assertTrue(docker.contains("COPY --from=build /src/app/target/lib/ "));
    assertTrue(docker.contains("io.headroom.app.cli.Main"));
    assertTrue(docker.contains("ENTRYPOINT [\"headroom\"]"));
    // The paths above exist only because app/pom.xml names the jar and copies dependencies to lib.
    String appPom = Files.readString(DashboardModel.repoRoot().resolve("app/pom.xml"));
    assertTrue(appPom.contains("<finalName>headroom</finalName>"));
    assertTrue(appPom.contains("<outputDirectory>${project.build.directory}/lib</outputDirectory>"));
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(a -> out.add(a.asText()));
    return out;
  }

  private static Path configFile(String name) throws Exception {
    String content = COMPOSE.path("configs").path(name).path("content").asText();
    assertTrue(!content.isBlank(), "configs." + name + ".content");
    Path file = Files.createTempDirectory("compose-config").resolve(name + ".yaml");
    Files.writeString(file, content);
    return file;
  }
}
