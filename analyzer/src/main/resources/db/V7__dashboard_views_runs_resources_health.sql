-- The run overview and resources dashboards read views and a function too (V6 began with the
-- fabric, array and health ones), and the analyzers record their own health in a table, so the
-- health dashboard shows ingest lag and alert delivery failures. The panels' SQL is then only
-- Grafana's macros, the variables and the choice of rows.

-- The newest verdict of each run: what the run overview's verdict, evidence and phase panels show.
CREATE OR REPLACE VIEW dash_latest_verdict AS
SELECT DISTINCT ON (v.testbed, v.run)
       v.testbed, v.run, v.computed_at, v.bottleneck, v.entity, v.confidence, v.body
FROM verdict v
ORDER BY v.testbed, v.run, v.computed_at DESC;

-- The newest verdict's evidence, one line per row, n its place (from 1).
CREATE OR REPLACE VIEW dash_verdict_evidence AS
SELECT l.testbed, l.run, x.n, x.line AS evidence
FROM dash_latest_verdict l, jsonb_array_elements_text(l.body -> 'evidence') WITH ORDINALITY AS x(line, n);

-- The newest verdict's phases, n their order in the verdict (the run's phase order).
CREATE OR REPLACE VIEW dash_phase_verdict AS
SELECT l.testbed, l.run, x.n, x.ph ->> 'name' AS phase, x.ph ->> 'bottleneck' AS bottleneck,
       x.ph ->> 'entity' AS entity, (x.ph ->> 'confidence')::float8 AS confidence
FROM dash_latest_verdict l, jsonb_array_elements(l.body -> 'phases') WITH ORDINALITY AS x(ph, n);

-- Runs with the window a link opens, in Grafana's milliseconds (an open run's window ends now).
CREATE OR REPLACE VIEW dash_run AS
SELECT r.testbed, r.run, r.start_ts, r.end_ts, r.workload ->> 'tool' AS tool, r.workload::text AS workload,
       (extract(epoch FROM r.start_ts) * 1000)::bigint AS from_ms,
       (extract(epoch FROM coalesce(r.end_ts, now())) * 1000)::bigint AS to_ms
FROM run r;

-- PCIe link throughput per direction against the link's capacity (read_bytes_per_s is
-- device-to-host, write_bytes_per_s host-to-device; null percentage when the capacity is unknown).
CREATE OR REPLACE VIEW dash_pcie_direction AS
SELECT testbed, entity, ts,
       CASE metric WHEN 'read_bytes_per_s' THEN 'device-to-host' ELSE 'host-to-device' END AS direction,
       value AS bytes_per_s,
       100 * value / nullif((capacity ->> 'bytes_per_s')::float8, 0) AS pct_of_ceiling
FROM dash_sample
WHERE kind = 'pcie_link' AND metric IN ('read_bytes_per_s', 'write_bytes_per_s');

-- The per-minute rollup (sample_1m: a continuous aggregate on TimescaleDB, a view elsewhere)
-- with names, as dash_sample is to sample.
CREATE OR REPLACE VIEW dash_sample_1m AS
SELECT e.testbed, e.entity, e.kind, m.name AS metric, r.bucket, r.avg, r.max
FROM sample_1m r
JOIN entity e ON e.id = r.entity_id
JOIN metric m ON m.id = r.metric_id;

-- Every entity's headroom over a run's window cut to [from, to]: per entity and metric the p95
-- of the readings over the ceiling that metric is measured against (util by 1, *bytes_per_s by
-- capacity.bytes_per_s, *iops by capacity.iops), the entity's tightest metric, and whether a
-- workload's relations reach it (on_data_path). Tightest first. See docs/dashboards.md.
CREATE OR REPLACE FUNCTION dash_headroom(p_testbed text, p_run text, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (entity text, kind text, utilization float8, headroom float8, tightest_metric text,
               p95 float8, ceiling float8, on_data_path boolean)
LANGUAGE sql STABLE AS $fn$
WITH RECURSIVE on_path(entity) AS (
  SELECT e.entity FROM entity e WHERE e.testbed = p_testbed AND e.kind = 'workload'
  UNION
  SELECT r.to_entity FROM relation r JOIN on_path p ON r.from_entity = p.entity
  WHERE r.testbed = p_testbed
),
run_window AS (
  SELECT r.start_ts, coalesce(r.end_ts, 'infinity') AS end_ts
  FROM run r WHERE r.testbed = p_testbed AND r.run = p_run
),
per_metric AS (
  SELECT s.entity_id, s.metric_id, percentile_cont(0.95) WITHIN GROUP (ORDER BY s.value) AS p95
  FROM sample s
  JOIN entity e ON e.id = s.entity_id
  JOIN run_window w ON s.ts BETWEEN w.start_ts AND w.end_ts
  WHERE s.ts BETWEEN p_from AND p_to AND e.testbed = p_testbed AND e.kind NOT IN ('workload', 'collector')
  GROUP BY 1, 2
),
shares AS (
  SELECT e.entity, e.kind, m.name AS metric, pm.p95,
         CASE WHEN m.name = 'util' THEN 1.0
              WHEN m.name LIKE '%bytes_per_s' THEN (e.capacity ->> 'bytes_per_s')::float8
              WHEN m.name LIKE '%iops' THEN (e.capacity ->> 'iops')::float8 END AS ceiling
  FROM per_metric pm JOIN entity e ON e.id = pm.entity_id JOIN metric m ON m.id = pm.metric_id
),
ranked AS (
  SELECT sh.*, sh.p95 / sh.ceiling AS utilization,
         row_number() OVER (PARTITION BY sh.entity ORDER BY sh.p95 / sh.ceiling DESC, sh.metric) AS rn
  FROM shares sh WHERE sh.ceiling > 0
)
SELECT rk.entity, rk.kind, rk.utilization, 1 - rk.utilization, rk.metric,
       rk.p95, rk.ceiling, rk.entity IN (SELECT op.entity FROM on_path op)
FROM ranked rk WHERE rk.rn = 1
ORDER BY rk.utilization DESC, rk.entity
$fn$;

-- Records set aside (V3), for the health dashboard.
CREATE OR REPLACE VIEW dash_dead_letter AS
SELECT set_aside_at AS ts, reason, topic
FROM dead_letter;

-- What each analyzer reports about itself every few seconds (HealthRecorder): the consumer
-- group's lag in records (metric ingest_lag_records, target ''), and per alert target its
-- deliveries and failures since that analyzer started (alerts_delivered_total,
-- alerts_failed_total; target is the target's label, kind its kind). Rows older than the
-- retention period are removed by the analyzers as they write.
CREATE TABLE IF NOT EXISTS analyzer_health (
  ts       timestamptz NOT NULL,
  analyzer text NOT NULL,
  metric   text NOT NULL,
  target   text NOT NULL DEFAULT '',
  kind     text NOT NULL DEFAULT '',
  value    float8 NOT NULL,
  PRIMARY KEY (analyzer, metric, target, ts)
);
CREATE INDEX IF NOT EXISTS analyzer_health_ts ON analyzer_health (ts);

CREATE OR REPLACE VIEW dash_analyzer_health AS
SELECT ts, analyzer, metric, target, kind, value
FROM analyzer_health;

-- V6's default privileges cover what the migrating user creates; granted here as well, so a
-- reader role made by an administrator after V6 (its warning path) can read these too.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headroom_reader') THEN
    GRANT SELECT ON dash_latest_verdict, dash_verdict_evidence, dash_phase_verdict, dash_run,
      dash_pcie_direction, dash_sample_1m, dash_dead_letter, dash_analyzer_health, analyzer_health
      TO headroom_reader;
    GRANT EXECUTE ON FUNCTION dash_headroom(text, text, timestamptz, timestamptz) TO headroom_reader;
  END IF;
END $$;
