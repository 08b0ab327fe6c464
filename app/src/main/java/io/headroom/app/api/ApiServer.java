package io.headroom.app.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.app.report.ComparePage;
import io.headroom.app.report.GrafanaLink;
import io.headroom.app.report.ReportPage;
import io.headroom.app.report.ReportPdf;
import io.headroom.config.ApiConfig;
import io.headroom.config.ConfigException;
import io.headroom.model.RecordingRecord;
import io.headroom.app.service.AnalyzerService;
import io.headroom.model.Run;
import io.headroom.model.TestbedName;
import io.headroom.model.Verdict;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The analyzer's HTTP API (docs/api.md): runs and their verdicts, headroom and topology, runs
 * declared from outside, the run report page, health and Prometheus metrics. Handlers that touch
 * the database or Kafka run on Vert.x worker threads, never on the event loop.
 */
public final class ApiServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);
  static final String PREFIX = "/api/v1";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_LIST = 1000;
  private static final int MAX_BODY_BYTES = 64 * 1024;

  private final Vertx vertx;
  private final HttpServer server;
  private final DatabasePool db;
  private final Router router;

  /** What the API serves from. {@code defaultTestbed}: for runs started without one. */
  public record Backend(String dbUrl, String dbUser, String dbPassword, RunRecordsFactory runRecords,
      Supplier<AnalyzerService.Health> health, List<MetricsSource> metrics,
      Thresholds thresholds, String defaultTestbed) {}

  /** Makes the Kafka producer of run records (a function so tests and the daemon share the wiring). */
  @FunctionalInterface
  public interface RunRecordsFactory {
    RunRecordsSink create();
  }

  /** Where runs declared through the API go. */
  public interface RunRecordsSink extends AutoCloseable {
    void publish(String testbed, RecordingRecord record) throws Exception;

    @Override
    void close();
  }

  private final Backend backend;
  private final RunViews views;
  private final RunComparisons comparisons;
  private final RunControl control;
  private final RunRecordsSink sink;
  private final ApiMetrics apiMetrics = new ApiMetrics();

  /** Grafana's base URL for the report pages' link to the data path dashboard; null: no link. */
  private final java.net.URI grafana;

  private ApiServer(String host, int port, BearerAuth auth, Backend backend, java.net.URI grafana) throws Exception {
    this.grafana = grafana;
    this.backend = backend;
    this.db = new DatabasePool(backend.dbUrl(), backend.dbUser(), backend.dbPassword(), 8);
    this.views = new RunViews(db, backend.thresholds());
    this.comparisons = new RunComparisons(db, views, backend.thresholds());
    this.sink = backend.runRecords().create();
    this.control = new RunControl(db, sink);
    this.vertx = Vertx.vertx();
    this.router = router(auth);
    try {
      this.server = vertx.createHttpServer().requestHandler(router).listen(port, host)
          .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      vertx.close();
      sink.close();
      db.close();
      throw new ConfigException("api: cannot listen on " + host + ":" + port + ": "
          + e.getCause().getMessage());
    }
  }

  /** Serves on {@code host:port} (port 0: any free one); refuses a non-loopback host without a token. */
  public static ApiServer start(ApiConfig config, Backend backend, Map<String, String> env)
      throws Exception {
    ApiConfig.HostPort at = ApiConfig.HostPort.parse(config.listen());
    return new ApiServer(at.host(), at.port(), BearerAuth.resolve(config, at.host(), env), backend, config.grafanaUrl());
  }

  public int port() {
    return server.actualPort();
  }

  Router router(BearerAuth auth) {
    Router r = Router.router(vertx);
    r.route().handler(ctx -> {
      apiMetrics.requested(ctx);
      String path;
      try {
        path = ctx.normalizedPath();
      } catch (IllegalArgumentException e) {
        undecodable(ctx); // and every later normalizedPath() would throw too: answered here
        return;
      }
      if (path.startsWith("/health/") || auth.permits(ctx.request().getHeader("Authorization"))) {
        ctx.next();
      } else {
        ctx.response().putHeader("WWW-Authenticate", "Bearer");
        error(ctx, 401, "missing or wrong bearer token (Authorization: Bearer ...)");
      }
    });
    r.route().handler(ApiServer::refuseFormBodies);
    r.route().handler(BodyHandler.create().setBodyLimit(MAX_BODY_BYTES).setHandleFileUploads(false));
    r.get("/health/live").handler(ctx -> json(ctx, 200, Map.of("status", "up")));
    r.get("/health/ready").blockingHandler(worker(this::ready), false);
    r.get("/metrics").blockingHandler(worker(this::metrics), false);
    r.get(PREFIX + "/runs").blockingHandler(worker(this::listRuns), false);
    r.post(PREFIX + "/runs").blockingHandler(worker(this::startRun), false);
    r.get(PREFIX + "/runs/:run").blockingHandler(worker(this::showRun), false);
    r.get(PREFIX + "/runs/:run/verdict").blockingHandler(worker(ctx -> json(ctx, 200, views.verdict(run(ctx)))), false);
    r.get(PREFIX + "/runs/:run/headroom").blockingHandler(worker(this::headroom), false);
    r.get(PREFIX + "/runs/:run/topology").blockingHandler(worker(ctx -> json(ctx, 200, views.topology(run(ctx)))), false);
    r.post(PREFIX + "/runs/:run/phases").blockingHandler(worker(this::phase), false);
    r.post(PREFIX + "/runs/:run/annotations").blockingHandler(worker(this::annotate), false);
    r.post(PREFIX + "/runs/:run/end").blockingHandler(worker(this::end), false);
    r.get("/runs/:run").blockingHandler(worker(this::report), false);
    r.get(PREFIX + "/compare").blockingHandler(worker(ctx -> json(ctx, 200, compare(ctx))), false);
    r.get("/compare").blockingHandler(worker(ctx -> html(ctx, ComparePage.render(compare(ctx)))), false);
    r.errorHandler(404, ctx -> error(ctx, 404, "no such endpoint: " + ctx.request().method() + " " + ctx.request().path()));
    r.errorHandler(405, ctx -> error(ctx, 405, "method " + ctx.request().method() + " not allowed on " + ctx.request().path()));
    r.errorHandler(400, ApiServer::undecodable);
    r.errorHandler(413, ctx -> {
      LOG.info("{} {} refused: a body over {} KiB (413)", ctx.request().method(), ctx.request().path(), MAX_BODY_BYTES / 1024);
      error(ctx, 413, "body: over " + MAX_BODY_BYTES / 1024 + " KiB");
    });
    r.errorHandler(500, ctx -> internalError(ctx, ctx.failure()));
    return r;
  }

  /** The routes the router really has, as "METHOD path" (the catch-all filters left out). */
  List<String> registeredRoutes() {
    List<String> out = new java.util.ArrayList<>();
    for (io.vertx.ext.web.Route route : router.getRoutes()) {
      if (route.getPath() != null && route.methods() != null) {
        route.methods().forEach(m -> out.add(m.name() + " " + route.getPath()));
      }
    }
    return out;
  }

  private interface Work {
    void handle(RoutingContext ctx) throws Exception;
  }

  /** Runs {@code work}; a refusal or a failure becomes a JSON error, never a hung request. */
  private Handler<RoutingContext> worker(Work work) {
    return ctx -> {
      try {
        work.handle(ctx);
      } catch (ApiException e) {
        error(ctx, e.status(), e.getMessage());
      } catch (io.vertx.ext.web.handler.HttpException e) {
        if (e.getStatusCode() == 400) {
          undecodable(ctx); // Vert.x decoding a query parameter on first use
        } else {
          error(ctx, e.getStatusCode(), e.getMessage());
        }
      } catch (Exception e) {
        internalError(ctx, e);
      }
    };
  }

  /**
   * A failure of Headroom's own (or of the database) is one log line with a reference, and the
   * client gets that reference, never the exception's text: PostgreSQL's messages name tables and
   * values, and the client can do nothing with them.
   */
  private static void internalError(RoutingContext ctx, Throwable failure) {
    String reference = HexFormat.of().formatHex(new SecureRandom().generateSeed(4));
    LOG.warn("{} {} failed (reference {}): {}", ctx.request().method(), ctx.request().path(), reference,
        failure == null ? "no exception" : failure.toString());
    error(ctx, 500, "internal error (reference " + reference + " in the analyzer's log)");
  }

  /** A path or query Vert.x cannot decode: "%zz", a '%' without two hex digits after it. */
  private static void undecodable(RoutingContext ctx) {
    error(ctx, 400, "path or query: cannot be decoded (each '%' must start an escape of two hex digits, %XX)");
  }

  /**
   * Bodies are JSON. A form or multipart body would go to Netty's form decoder, which answers one
   * over 8 KB with a plain-text "Bad Request" and logs a stack trace each time: refused before it.
   */
  private static void refuseFormBodies(RoutingContext ctx) {
    String type = ctx.request().getHeader("Content-Type");
    String media = type == null ? "" : type.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
    if (media.equals("application/x-www-form-urlencoded") || media.startsWith("multipart/")) {
      LOG.info("{} {} refused: a body of type {} (415)", ctx.request().method(), ctx.request().path(), media);
      error(ctx, 415, "body: must be JSON (Content-Type: application/json), not " + media);
    } else {
      ctx.next();
    }
  }

  private void listRuns(RoutingContext ctx) throws Exception {
    String testbed = param(ctx, "testbed");
    Double since = seconds(ctx, "since");
    Double until = seconds(ctx, "until");
    int limit = limit(ctx);
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

  private void showRun(RoutingContext ctx) throws Exception {
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

  private void headroom(RoutingContext ctx) throws Exception {
    Verdict v = views.verdict(run(ctx));
    json(ctx, 200, Map.of("run", v.run(), "headroom", v.headroom()));
  }

  private void startRun(RoutingContext ctx) throws Exception {
    JsonNode body = body(ctx);
    String testbed = text(body, "testbed", backend.defaultTestbed());
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
    Map<String, Object> workload = declared ? JSON.convertValue(body.get("workload"), Map.class) : Map.of("tool", "external");
    Run run = new Run(id, testbed, at(body), null, workload);
    boolean stored = control.start(run);
    json(ctx, stored ? 201 : 202, RunControl.describe(run));
  }

  private void phase(RoutingContext ctx) throws Exception {
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

  private void annotate(RoutingContext ctx) throws Exception {
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

  private void end(RoutingContext ctx) throws Exception {
    Run run = run(ctx);
    double at = at(body(ctx));
    boolean stored = control.end(run, at);
    json(ctx, stored ? 200 : 202, RunControl.describe(run.withEnd(at)));
  }

  private void report(RoutingContext ctx) throws Exception {
    Run run = run(ctx);
    var data = views.data(run);
    Verdict verdict = views.verdict(run);
    if (wantsPdf(ctx)) {
      byte[] pdf = ReportPdf.render(data, run.run(), verdict);
      ctx.response().putHeader("Content-Type", "application/pdf")
          .putHeader("Content-Disposition", "inline; filename=\"" + run.run().replaceAll("[^A-Za-z0-9._-]", "_") + ".pdf\"")
          .end(io.vertx.core.buffer.Buffer.buffer(pdf));
      return;
    }
    String html = GrafanaLink.insert(ReportPage.render(data, run.run(), verdict),
        GrafanaLink.of(grafana, run));
    ctx.response().putHeader("Content-Type", "text/html; charset=utf-8").end(html);
  }

  /**
   * ?format=pdf, or an Accept header that names application/pdf and not text/html (a browser's
   * Accept names both and gets the page).
   */
  static boolean wantsPdf(RoutingContext ctx) throws ApiException {
    String format = ctx.request().getParam("format");
    if (format != null) {
      if (!format.equals("pdf") && !format.equals("html")) {
        throw ApiException.badRequest("format: html or pdf, not \"" + format + "\"");
      }
      return format.equals("pdf");
    }
    String accept = ctx.request().getHeader("Accept");
    return accept != null && accept.contains("application/pdf") && !accept.contains("text/html");
  }

  /** ?a=RUN&b=RUN[&testbed=T]: run b against run a. */
  private Comparison compare(RoutingContext ctx) throws Exception {
    return comparisons.compare(param(ctx, "testbed"), param(ctx, "a"), param(ctx, "b"));
  }

  private static void html(RoutingContext ctx, String page) {
    ctx.response().putHeader("Content-Type", "text/html; charset=utf-8").end(page);
  }

  private void ready(RoutingContext ctx) {
    Map<String, Object> m = new LinkedHashMap<>();
    boolean dbUp;
    try {
      dbUp = db.with(RunQueries::reachable);
      m.put("database", "reachable");
    } catch (Exception e) {
      dbUp = false;
      LOG.warn("readiness: the database did not answer: {}", e.toString());
      m.put("database", "unreachable (the analyzer's log says why)");
    }
    AnalyzerService.Health h = backend.health().get();
    m.put("ingest", h.ingest());
    boolean ready = dbUp && "storing".equals(h.ingest());
    m.put("ready", ready);
    json(ctx, ready ? 200 : 503, m);
  }

  private void metrics(RoutingContext ctx) throws Exception {
    PrometheusText out = new PrometheusText();
    new IngestMetrics(backend.health(), db).write(out);
    apiMetrics.write(out);
    for (MetricsSource s : backend.metrics()) {
      s.write(out);
    }
    ctx.response().putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8").end(out.toString());
  }

  private Run run(RoutingContext ctx) throws Exception {
    return views.resolve(param(ctx, "testbed"), RequestChecks.key("run", ctx.pathParam("run")));
  }

  private static JsonNode body(RoutingContext ctx) {
    String text = ctx.body() == null ? null : ctx.body().asString();
    if (text == null || text.isBlank()) {
      return JSON.createObjectNode();
    }
    try {
      JsonNode node = JSON.readTree(text);
      if (!(node instanceof ObjectNode)) {
        throw ApiException.badRequest("body: must be a JSON object");
      }
      return node;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw ApiException.badRequest("body: not JSON: " + e.getOriginalMessage());
    }
  }

  private static String text(JsonNode body, String field, String otherwise) {
    JsonNode n = body.get(field);
    if (n == null || n.isNull()) {
      return otherwise;
    }
    if (!n.isTextual()) {
      throw ApiException.badRequest(field + ": must be a string");
    }
    return n.asText();
  }

  /** {@code at}: when it happened, Unix seconds; now when absent (the tool calls as it goes). */
  private static double at(JsonNode body) {
    JsonNode n = body.get("at");
    if (n == null || n.isNull()) {
      return System.currentTimeMillis() / 1000.0;
    }
    if (!n.isNumber()) {
      throw ApiException.badRequest("at: must be Unix seconds (a number)");
    }
    return RequestChecks.unixSeconds("at", n.asDouble());
  }

  /** A query parameter (checked as an id: it reaches the database as one), or null. */
  private static String param(RoutingContext ctx, String name) {
    List<String> values = ctx.queryParam(name);
    return values.isEmpty() || values.get(0).isBlank() ? null : RequestChecks.key(name, values.get(0));
  }

  private static Double seconds(RoutingContext ctx, String name) {
    String v = param(ctx, name);
    if (v == null) {
      return null;
    }
    try {
      return RequestChecks.unixSeconds(name, Double.parseDouble(v));
    } catch (NumberFormatException e) {
      throw ApiException.badRequest(name + ": must be a number (Unix seconds), got \"" + v + "\"");
    }
  }

  /** {@code limit}: how many runs to list, 1 to {@value #MAX_LIST} (100 when absent). */
  private static int limit(RoutingContext ctx) {
    String v = param(ctx, "limit");
    if (v == null) {
      return 100;
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= 1 && n <= MAX_LIST) {
        return n;
      }
    } catch (NumberFormatException e) {
      // answered below, with the range
    }
    throw ApiException.badRequest("limit: must be a whole number from 1 to " + MAX_LIST + ", got \"" + v + "\"");
  }

  private static void json(RoutingContext ctx, int status, Object body) {
    String text;
    try {
      text = JSON.writeValueAsString(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot encode answer", e);
    }
    ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(text);
  }

  private static void error(RoutingContext ctx, int status, String message) {
    json(ctx, status, Map.of("error", message, "status", status));
  }

  @Override
  public void close() {
    try {
      server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.warn("API server did not stop cleanly: {}", e.toString());
    }
    sink.close();
    db.close();
  }
}
