package io.headroom.app.api;

import static io.headroom.app.api.ApiAnswers.json;
import static io.headroom.app.api.ApiRequests.at;
import static io.headroom.app.api.ApiRequests.body;
import static io.headroom.app.api.ApiRequests.param;
import static io.headroom.app.api.ApiRequests.text;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.Run;
import io.headroom.model.TestbedName;
import io.headroom.model.Verdict;
import io.vertx.ext.web.RoutingContext;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The /api/v1/runs handlers: runs listed and shown with their verdicts, and runs declared from outside. */
final class RunHandlers {
  private final DatabasePool db;
  private final RunViews views;
  private final RunControl control;
  /** For runs started without one. */
  private final String defaultTestbed;

  RunHandlers(DatabasePool db, RunViews views, RunControl control, String defaultTestbed) {
    this.db = db;
    this.views = views;
    this.control = control;
    this.defaultTestbed = defaultTestbed;
  }

  /** The run the path names (in ?testbed= when given). */
  Run run(RoutingContext ctx) throws Exception {
    return views.resolve(param(ctx, "testbed"), RequestChecks.key("run", ctx.pathParam("run")));
  }

  void list(RoutingContext ctx) throws Exception {
    String testbed = param(ctx, "testbed");
    Double since = ApiRequests.seconds(ctx, "since");
    Double until = ApiRequests.seconds(ctx, "until");
    int limit = ApiRequests.limit(ctx);
    List<Map<String, Object>> runs = db.with(c -> RunQueries.list(c, testbed, since, until, limit)).stream()
        .map(row -> {
          Map<String, Object> m = RunControl.describe(row.run());
          m.put("bottleneck", row.bottleneck());
          m.put("entity", row.entity());
          m.put("confidence", row.confidence());
          return m;
        }).toList();
    json(ctx, 200, Map.of("runs", runs));
  }

  void show(RoutingContext ctx) throws Exception {
    Run run = run(ctx);
    Map<String, Object> m = RunControl.describe(run);
    m.put("phases", db.with(c -> RunQueries.phases(c, run)).stream()
        .map(p -> phaseJson(p.name(), p.start(), p.end())).toList());
    m.put("annotations", db.with(c -> RunQueries.annotations(c, run)));
    json(ctx, 200, m);
  }

  private static Map<String, Object> phaseJson(String name, double start, Double end) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("start", start);
    m.put("end", end);
    return m;
  }

  void verdict(RoutingContext ctx) throws Exception {
    json(ctx, 200, views.verdict(run(ctx)));
  }

  void headroom(RoutingContext ctx) throws Exception {
    Verdict v = views.verdict(run(ctx));
    json(ctx, 200, Map.of("run", v.run(), "headroom", v.headroom()));
  }

  void topology(RoutingContext ctx) throws Exception {
    json(ctx, 200, views.topology(run(ctx)));
  }

  void start(RoutingContext ctx) throws Exception {
    JsonNode body = body(ctx);
    String testbed = text(body, "testbed", defaultTestbed);
    // the one rule every producer's testbed meets (the analyzer refuses the record otherwise)
    String testbedProblem = TestbedName.problem(testbed);
    if (testbedProblem != null) {
      throw ApiException.badRequest("testbed: " + testbedProblem);
    }
    RequestChecks.key("testbed", testbed);
    String id = RequestChecks.key("run", text(body, "run", "api-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(6))));
    if (id.isBlank()) {
      throw ApiException.badRequest("run: must not be blank");
    }
    boolean declared = body.has("workload") && body.get("workload").isObject();
    if (declared) {
      RequestChecks.storableJson("workload", body.get("workload"));
    }
    Map<String, Object> workload = declared ? ApiRequests.JSON.convertValue(body.get("workload"), Map.class)
        : Map.of("tool", "external");
    Run run = new Run(id, testbed, at(body), null, workload);
    boolean stored = control.start(run);
    json(ctx, stored ? 201 : 202, RunControl.describe(run));
  }

  void phase(RoutingContext ctx) throws Exception {
    Run run = run(ctx);
    JsonNode body = body(ctx);
    String name = text(body, "name", null);
    if (name == null || name.isBlank()) {
      throw ApiException.badRequest("name: required, the phase's name");
    }
    RequestChecks.key("name", name);
    double at = at(body);
    boolean stored = control.phase(run, name, at);
    json(ctx, stored ? 201 : 202, phaseJson(name, at, null));
  }

  void annotate(RoutingContext ctx) throws Exception {
    Run run = run(ctx);
    JsonNode body = body(ctx);
    String text = text(body, "text", null);
    if (text == null || text.isBlank()) {
      throw ApiException.badRequest("text: required, the note to put on the run's timeline");
    }
    RequestChecks.text("text", text);
    double at = at(body);
    control.annotate(run, at, text);
    json(ctx, 201, Map.of("ts", at, "source", "api", "text", text));
  }

  void end(RoutingContext ctx) throws Exception {
    Run run = run(ctx);
    double at = at(body(ctx));
    boolean stored = control.end(run, at);
    json(ctx, stored ? 200 : 202, RunControl.describe(run.withEnd(at)));
  }
}
