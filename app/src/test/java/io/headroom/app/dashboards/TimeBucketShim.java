package io.headroom.app.dashboards;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * The datasource is provisioned with timescaledb: true, so Grafana writes $__timeGroup as
 * time_bucket('10.000s', ts). Where the test database has no TimescaleDB, this stands in for that
 * one function with date_bin from TimescaleDB's default origin (2000-01-03, a Monday), which gives
 * the same buckets for sub-day widths; with TimescaleDB installed its own time_bucket is used.
 */
final class TimeBucketShim {
  private TimeBucketShim() {}

  static void ensure(Connection c) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_proc WHERE proname = 'time_bucket'")) {
      rs.next();
      if (rs.getInt(1) > 0) {
        return;
      }
    }
    try (Statement s = c.createStatement()) {
      s.execute("CREATE FUNCTION time_bucket(bucket_width interval, ts timestamptz) RETURNS timestamptz "
          + "LANGUAGE sql IMMUTABLE AS $$ SELECT date_bin(bucket_width, ts, TIMESTAMPTZ '2000-01-03 00:00:00+00') $$");
    }
  }
}
