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
    assertEquals("PLAINTEXT://kafka:9092", env.path("KAFKA_ADVERTISED_LISTENERS").asText());
  }

  @Test
  void timescaleAndGrafanaShareOneDatabaseUserAndTheirPasswordComesFromTheEnvironment() {
    JsonNode db = SERVICES.path("timescaledb");
    assertTrue(db.path("image").asText().startsWith("timescale/timescaledb:"));
    assertEquals("headroom", db.path("environment").path("POSTGRES_DB").asText());
    assertEquals("headroom", db.path("environment").path("POSTGRES_USER").asText());
    String password = "${HEADROOM_DB_PASSWORD:?set HEADROOM_DB_PASSWORD}";
    assertEquals(password, db.path("environment").path("POSTGRES_PASSWORD").asText());
    assertEquals(password, SERVICES.path("grafana").path("environment").path("HEADROOM_DB_PASSWORD").asText());
    assertEquals(password, SERVICES.path("analyzer").path("environment").path("HEADROOM_DB_PASSWORD").asText());
    JsonNode ds = Yaml.read("dashboards/provisioning/datasources/headroom.yaml").path("datasources").get(0);
    assertEquals(db.path("environment").path("POSTGRES_USER").asText(), ds.path("user").asText());
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
      assertEquals("kafka:9092", args.get(args.indexOf("--kafka") + 1), service);
    }
    List<String> analyzer = new ArrayList<>();
    SERVICES.path("analyzer").path("command").forEach(a -> analyzer.add(a.asText()));
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

  private static Path configFile(String name) throws Exception {
    String content = COMPOSE.path("configs").path(name).path("content").asText();
    assertTrue(!content.isBlank(), "configs." + name + ".content");
    Path file = Files.createTempDirectory("compose-config").resolve(name + ".yaml");
    Files.writeString(file, content);
    return file;
  }
}
