package io.headroom.app.api;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How the API answers: JSON and HTML bodies, errors as {"error", "status"}, and a handler that never hangs a request. */
final class ApiAnswers {
  /** Under the API server's name, where operators look for its failures. */
  private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);

  private ApiAnswers() {}

  /** A handler's work, which may refuse the request ({@link ApiException}) or fail. */
  interface Work {
    void handle(RoutingContext ctx) throws Exception;
  }

  /** Runs {@code work}; a refusal or a failure becomes a JSON error, never a hung request. */
  static Handler<RoutingContext> worker(Work work) {
    return ctx -> {
      try {
        work.handle(ctx);
      } catch (ApiException e) {
        error(ctx, e.status(), e.getMessage());
      } catch (HttpException e) {
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
  static void internalError(RoutingContext ctx, Throwable failure) {
    String reference = HexFormat.of().formatHex(new SecureRandom().generateSeed(4));
    LOG.warn("{} {} failed (reference {}): {}", ctx.request().method(), ctx.request().path(), reference,
        failure == null ? "no exception" : failure.toString());
    error(ctx, 500, "internal error (reference " + reference + " in the analyzer's log)");
  }

  /** A path or query Vert.x cannot decode: "%zz", a '%' without two hex digits after it. */
  static void undecodable(RoutingContext ctx) {
    error(ctx, 400, "path or query: cannot be decoded (each '%' must start an escape of two hex digits, %XX)");
  }

  static void json(RoutingContext ctx, int status, Object body) {
    String text;
    try {
      text = ApiRequests.JSON.writeValueAsString(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot encode answer", e);
    }
    ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(text);
  }

  static void html(RoutingContext ctx, String page) {
    ctx.response().putHeader("Content-Type", "text/html; charset=utf-8").end(page);
  }

  static void error(RoutingContext ctx, int status, String message) {
    json(ctx, status, Map.of("error", message, "status", status));
  }
}
