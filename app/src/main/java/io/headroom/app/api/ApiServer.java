package io.headroom.app.api;

import static io.headroom.app.api.ApiAnswers.error;
import static io.headroom.app.api.ApiAnswers.worker;

import io.headroom.analyzer.detect.Thresholds;
import io.headroom.app.service.AnalyzerService;
import io.headroom.config.ApiConfig;
import io.headroom.config.ConfigException;
import io.headroom.model.RecordingRecord;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The analyzer's HTTP API (docs/api.md): runs and their verdicts, headroom and topology, runs
 * declared from outside, the run report page, health and Prometheus metrics. This class holds the
 * routes, the filters every request passes (bearer token, body type and size) and the server's
 * life; the handlers are {@link RunHandlers}, {@link PageHandlers} and {@link HealthHandlers},
 * which read requests through {@link ApiRequests} and answer through {@link ApiAnswers}. Handlers
 * that touch the database or Kafka run on Vert.x worker threads, never on the event loop.
 */
public final class ApiServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);
  static final String PREFIX = "/api/v1";
  private static final int MAX_BODY_BYTES = 64 * 1024;

  private final Vertx vertx;
  private final HttpServer server;
  private final DatabasePool db;

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

  private final RunRecordsSink sink;
  private final ApiMetrics apiMetrics = new ApiMetrics();
  private final RunHandlers runs;
  private final PageHandlers pages;
  private final HealthHandlers health;
  private final ReadingsExposition readings;

  private ApiServer(String host, int port, BearerAuth auth, Backend backend, URI grafana) throws Exception {
    this.db = new DatabasePool(backend.dbUrl(), backend.dbUser(), backend.dbPassword(), 8);
    RunViews views = new RunViews(db, backend.thresholds());
    this.sink = backend.runRecords().create();
    this.runs = new RunHandlers(db, views, new RunControl(db, sink), backend.defaultTestbed());
    this.pages = new PageHandlers(runs, views, new RunComparisons(db, views, backend.thresholds()), grafana);
    this.health = new HealthHandlers(db, backend.health(), backend.metrics(), apiMetrics);
    this.readings = new ReadingsExposition(db, io.headroom.app.service.RemoteWriteService.names());
    this.vertx = Vertx.vertx();
    try {
      this.server = vertx.createHttpServer().requestHandler(router(auth)).listen(port, host)
          .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
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
    r.route().handler(ctx -> authorize(ctx, auth));
    r.route().handler(ApiServer::refuseFormBodies);
    r.route().handler(BodyHandler.create().setBodyLimit(MAX_BODY_BYTES).setHandleFileUploads(false));
    r.get("/health/live").handler(health::live);
    r.get("/health/ready").blockingHandler(worker(health::ready), false);
    r.get("/metrics").blockingHandler(worker(health::metrics), false);
    r.get("/metrics/readings").blockingHandler(worker(readings::serve), false);
    r.get(PREFIX + "/runs").blockingHandler(worker(runs::list), false);
    r.post(PREFIX + "/runs").blockingHandler(worker(runs::start), false);
    r.get(PREFIX + "/runs/:run").blockingHandler(worker(runs::show), false);
    r.get(PREFIX + "/runs/:run/verdict").blockingHandler(worker(runs::verdict), false);
    r.get(PREFIX + "/runs/:run/headroom").blockingHandler(worker(runs::headroom), false);
    r.get(PREFIX + "/runs/:run/topology").blockingHandler(worker(runs::topology), false);
    r.post(PREFIX + "/runs/:run/phases").blockingHandler(worker(runs::phase), false);
    r.post(PREFIX + "/runs/:run/annotations").blockingHandler(worker(runs::annotate), false);
    r.post(PREFIX + "/runs/:run/end").blockingHandler(worker(runs::end), false);
    r.get("/runs/:run").blockingHandler(worker(pages::report), false);
    r.get(PREFIX + "/compare").blockingHandler(worker(pages::compareJson), false);
    r.get("/compare").blockingHandler(worker(pages::comparePage), false);
    r.errorHandler(404, ctx -> error(ctx, 404, "no such endpoint: " + ctx.request().method() + " " + ctx.request().path()));
    r.errorHandler(405, ctx -> error(ctx, 405, "method " + ctx.request().method() + " not allowed on " + ctx.request().path()));
    r.errorHandler(400, ApiAnswers::undecodable);
    r.errorHandler(413, ctx -> {
      LOG.info("{} {} refused: a body over {} KiB (413)", ctx.request().method(), ctx.request().path(), MAX_BODY_BYTES / 1024);
      error(ctx, 413, "body: over " + MAX_BODY_BYTES / 1024 + " KiB");
    });
    r.errorHandler(500, ctx -> ApiAnswers.internalError(ctx, ctx.failure()));
    return r;
  }

  /** Every request is counted, then let through with the bearer token, or to /health/ without one. */
  private void authorize(RoutingContext ctx, BearerAuth auth) {
    apiMetrics.requested(ctx);
    String path;
    try {
      path = ctx.normalizedPath();
    } catch (IllegalArgumentException e) {
      ApiAnswers.undecodable(ctx); // and every later normalizedPath() would throw too: answered here
      return;
    }
    if (path.startsWith("/health/") || auth.permits(ctx.request().getHeader("Authorization"))) {
      ctx.next();
    } else {
      ctx.response().putHeader("WWW-Authenticate", "Bearer");
      error(ctx, 401, "missing or wrong bearer token (Authorization: Bearer ...)");
    }
  }

  /**
   * Bodies are JSON. A form or multipart body would go to Netty's form decoder, which answers one
   * over 8 KB with a plain-text "Bad Request" and logs a stack trace each time: refused before it.
   */
  private static void refuseFormBodies(RoutingContext ctx) {
    String media = ApiRequests.mediaType(ctx);
    if (media.equals("application/x-www-form-urlencoded") || media.startsWith("multipart/")) {
      LOG.info("{} {} refused: a body of type {} (415)", ctx.request().method(), ctx.request().path(), media);
      error(ctx, 415, "body: must be JSON (Content-Type: application/json), not " + media);
    } else {
      ctx.next();
    }
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
