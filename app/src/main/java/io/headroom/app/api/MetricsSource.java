package io.headroom.app.api;

/** A part of Headroom that reports its own health on /metrics (ingest, alerts, the API itself). */
@FunctionalInterface
public interface MetricsSource {
  void write(PrometheusText out) throws Exception;
}
