package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The dashboard models and their provisioning agree with each other and Grafana can load them. */
class DashboardStructureTest {
  private static final JsonNode DATASOURCE =
      Yaml.read("dashboards/provisioning/datasources/headroom.yaml").path("datasources").get(0);

  @Test
  void theDatasourceIsHeadroomOnTimescaleWithItsPasswordFromTheEnvironment() {
    assertEquals("Headroom", DATASOURCE.path("name").asText());
    assertEquals("grafana-postgresql-datasource", DATASOURCE.path("type").asText());
    assertEquals("timescaledb:5432", DATASOURCE.path("url").asText(), "the compose service");
    assertEquals("headroom", DATASOURCE.path("jsonData").path("database").asText());
    assertTrue(DATASOURCE.path("jsonData").path("timescaledb").asBoolean(false));
    assertEquals("$HEADROOM_GRAFANA_DB_PASSWORD", DATASOURCE.path("secureJsonData").path("password").asText());
    assertEquals(List.of(), Yaml.literalSecrets(Yaml.read("dashboards/provisioning/datasources/headroom.yaml"), ""));
  }

  @Test
  void theSecretCheckTellsALiteralFromAnEnvironmentReference() throws Exception {
    JsonNode sample = new com.fasterxml.jackson.databind.ObjectMapper(
        new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(
        "a: {password: hunter2, db_password: $DB_PW, token: '${T:?set T}', password_env: PW}");
    assertEquals(List.of(".a.password = hunter2"), Yaml.literalSecrets(sample, ""));
  }

  @Test
  void theDashboardProviderLoadsFromWhereComposeMountsTheJson() {
    JsonNode provider = Yaml.read("dashboards/provisioning/dashboards/headroom.yaml").path("providers").get(0);
    assertEquals("file", provider.path("type").asText());
    String path = provider.path("options").path("path").asText();
    JsonNode grafana = Yaml.read("docker-compose.yml").path("services").path("grafana");
    List<String> volumes = new ArrayList<>();
    grafana.path("volumes").forEach(v -> volumes.add(v.asText()));
    assertTrue(volumes.contains("./dashboards/json:" + path + ":ro"), volumes.toString());
  }

  @Test
  void everyPanelHasTheDatasourceATitleAndSql() {
    List<String> problems = new ArrayList<>();
    List<DashboardModel> all = DashboardModel.all();
    assertEquals(6, all.size(), "run overview, resources, fabric, array, Headroom's own health and data path headroom");
    for (DashboardModel d : all) {
      Set<Integer> ids = new HashSet<>();
      for (JsonNode p : d.panels()) {
        String where = d.file + " panel " + p.path("id").asInt() + " \"" + p.path("title").asText() + "\"";
        if (p.path("title").asText().isBlank()) {
          problems.add(where + ": no title");
        }
        if (!ids.add(p.path("id").asInt())) {
          problems.add(where + ": duplicate id");
        }
        checkDatasource(p.path("datasource"), where, problems);
        if (p.path("targets").size() == 0) {
          problems.add(where + ": no target");
        }
        for (JsonNode t : p.path("targets")) {
          checkDatasource(t.path("datasource"), where + " target " + t.path("refId").asText(), problems);
          if (t.path("rawSql").asText().isBlank() || !t.path("rawQuery").asBoolean(false)) {
            problems.add(where + ": target without raw SQL");
          }
        }
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /**
   * Every query (panels, template variables, annotations) reads the views and functions the
   * migrations create (dash_*, V6, V7 and V9), never a table: the SQL that shapes rows lives with
   * the schema, once. A relation named after FROM or JOIN that does not start with dash_ fails,
   * naming the dashboard and the query.
   */
  @Test
  void everyQueryReadsOnlyTheDashboardViews() {
    java.util.regex.Pattern relation = java.util.regex.Pattern.compile("(?i)\\b(?:FROM|JOIN)\\s+([a-z_][a-z0-9_]*)");
    List<String> problems = new ArrayList<>();
    Map<String, Integer> seen = new java.util.TreeMap<>();
    for (DashboardModel d : DashboardModel.all()) {
      for (DashboardModel.Query q : d.queries()) {
        seen.merge(q.kind(), 1, Integer::sum);
        java.util.regex.Matcher m = relation.matcher(q.rawSql());
        while (m.find()) {
          if (!m.group(1).startsWith("dash_")) {
            problems.add(d.file + " " + q.kind() + " \"" + q.panel() + "\" reads " + m.group(1));
          }
        }
      }
    }
    // six dashboards, each with the testbed and run query variables and the two annotation queries
    assertEquals(12, seen.get("variable"), "variables seen: " + seen);
    assertEquals(12, seen.get("annotation"), "annotations seen: " + seen);
    assertTrue(seen.get("panel") > 30, "the check saw the panels: " + seen);
    assertTrue(problems.isEmpty(), String.join("\n", problems));
    // the check bites: a table name after FROM is found
    java.util.regex.Matcher probe = relation.matcher("SELECT 1 FROM sample s JOIN dash_run r ON true");
    assertTrue(probe.find() && probe.group(1).equals("sample"));
  }

  @Test
  void everyDashboardHasTheTestbedAndRunVariablesAndPhaseAnnotations() {
    Set<String> uids = new HashSet<>();
    for (DashboardModel d : DashboardModel.all()) {
      assertTrue(uids.add(d.root.path("uid").asText()), d.file + ": duplicate uid");
      assertEquals(39, d.root.path("schemaVersion").asInt(), d.file);
      assertTrue(d.root.path("title").asText().startsWith("Headroom: "), d.file);
      List<String> names = new ArrayList<>();
      for (JsonNode v : d.root.path("templating").path("list")) {
        names.add(v.path("name").asText());
        List<String> problems = new ArrayList<>();
        if (v.path("type").asText().equals("query")) {
          checkDatasource(v.path("datasource"), d.file + " variable " + v.path("name").asText(), problems);
        }
        assertEquals(List.of(), problems);
      }
      // the data path dashboard also has report_url, the analyzer its links to the report page open
      assertEquals(d.root.path("uid").asText().equals("headroom-headroom") ? List.of("testbed", "run", "report_url")
          : List.of("testbed", "run"), names, d.file);
      assertFalse(d.annotationQuery("Phases").rawSql().isBlank());
    }
  }

  private static void checkDatasource(JsonNode ds, String where, List<String> problems) {
    if (!ds.path("uid").asText().equals(DATASOURCE.path("uid").asText())
        || !ds.path("type").asText().equals(DATASOURCE.path("type").asText())) {
      problems.add(where + ": datasource " + ds + " is not the provisioned " + DATASOURCE.path("uid").asText());
    }
  }
}
