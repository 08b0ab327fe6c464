package io.headroom.app.dashboards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The dashboard JSON models under dashboards/json and every SQL query they hold. */
final class DashboardModel {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One query: where it sits (for failure messages) and its SQL before expansion. */
  record Query(String file, String panel, String kind, String format, String rawSql) {
    String where() {
      return file + " / " + kind + " \"" + panel + "\"";
    }
  }

  final String file;
  final JsonNode root;

  private DashboardModel(String file, JsonNode root) {
    this.file = file;
    this.root = root;
  }

  /** The repository root: the module directory's parent when tests run from app/. */
  static Path repoRoot() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("dashboards/json"))) {
        return p;
      }
    }
    throw new IllegalStateException("no dashboards/json above " + here);
  }

  static List<DashboardModel> all() {
    try (Stream<Path> files = Files.list(repoRoot().resolve("dashboards/json"))) {
      return files.filter(f -> f.toString().endsWith(".json")).sorted()
          .map(DashboardModel::load).collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static DashboardModel byUid(String uid) {
    return all().stream().filter(d -> d.root.path("uid").asText().equals(uid)).findFirst()
        .orElseThrow(() -> new AssertionError("no dashboard with uid " + uid));
  }

  private static DashboardModel load(Path f) {
    try {
      return new DashboardModel("dashboards/json/" + f.getFileName(), JSON.readTree(f.toFile()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot parse " + f, e);
    }
  }

  /** Panels, including those nested in collapsed rows. */
  List<JsonNode> panels() {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode p : root.path("panels")) {
      if (p.path("type").asText().equals("row")) {
        p.path("panels").forEach(out::add);
      } else {
        out.add(p);
      }
    }
    return out;
  }

  JsonNode panel(String title) {
    return panels().stream().filter(p -> p.path("title").asText().equals(title)).findFirst()
        .orElseThrow(() -> new AssertionError(file + " has no panel \"" + title + "\""));
  }

  Query panelQuery(String title) {
    return panelQuery(title, panel(title).path("targets").get(0).path("refId").asText());
  }

  /** One query of a panel with several (say, two series on two axes). */
  Query panelQuery(String title, String refId) {
    for (JsonNode t : panel(title).path("targets")) {
      if (t.path("refId").asText().equals(refId)) {
        return new Query(file, title, "panel", t.path("format").asText(), t.path("rawSql").asText());
      }
    }
    throw new AssertionError(file + " panel \"" + title + "\" has no query " + refId);
  }

  /** Every SQL query: panel targets, template variables and annotation queries. */
  List<Query> queries() {
    List<Query> out = new ArrayList<>();
    for (JsonNode p : panels()) {
      for (JsonNode t : p.path("targets")) {
        out.add(new Query(file, p.path("title").asText(), "panel", t.path("format").asText(), t.path("rawSql").asText()));
      }
    }
    for (JsonNode v : root.path("templating").path("list")) {
      if (v.path("type").asText().equals("query")) {
        JsonNode q = v.path("query");
        out.add(new Query(file, v.path("name").asText(), "variable", "table", q.isObject() ? q.path("rawSql").asText() : q.asText()));
      }
    }
    for (JsonNode a : root.path("annotations").path("list")) {
      if (!a.path("builtIn").asBoolean(false)) {
        out.add(new Query(file, a.path("name").asText(), "annotation", "table", a.path("target").path("rawSql").asText()));
      }
    }
    return out;
  }

  Query variableQuery(String name) {
    return queries().stream().filter(q -> q.kind().equals("variable") && q.panel().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(file + " has no variable " + name));
  }

  Query annotationQuery(String name) {
    return queries().stream().filter(q -> q.kind().equals("annotation") && q.panel().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(file + " has no annotation " + name));
  }
}
