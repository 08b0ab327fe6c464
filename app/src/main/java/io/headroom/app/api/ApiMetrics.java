package io.headroom.app.api;

import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The API's own requests, counted by status class, for /metrics. */
final class ApiMetrics implements MetricsSource {
  private final Map<String, LongAdder> byStatus = new ConcurrentHashMap<>();

  /** Counts the request once its answer is sent. */
  void requested(RoutingContext ctx) {
    ctx.addEndHandler(done -> byStatus.computeIfAbsent(ctx.response().getStatusCode() / 100 + "xx",
        k -> new LongAdder()).increment());
  }

  @Override
  public void write(PrometheusText out) {
    out.family("headroom_api_requests_total", "counter", "HTTP API requests answered, by status class.");
    for (Map.Entry<String, LongAdder> e : new TreeMap<>(byStatus).entrySet()) {
      out.sample("headroom_api_requests_total", Map.of("status", e.getKey()), e.getValue().sum());
    }
  }
}
