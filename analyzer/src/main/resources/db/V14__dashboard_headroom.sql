-- The Headroom dashboard (dashboards/json/headroom.json, docs/dashboards.md): every entity on the
-- run's data path against its ceiling over time, tightest first, and each phase's next limit.

-- Each on-path entity's share of its ceiling at each reading in [from, to] cut to the run's window:
-- per reading the tightest of its metrics (util over 1, *bytes_per_s over capacity.bytes_per_s, per
-- direction, *iops over capacity.iops), as dash_headroom judges the p95; rank is the entity's place
-- in dash_headroom's order (1 the tightest), so a panel can list the tightest first. Off-path
-- entities (no workload's relations reach them) and metrics without a ceiling are left out.
CREATE OR REPLACE FUNCTION dash_path_share(p_testbed text, p_run text, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (ts timestamptz, entity text, kind text, share float8, rank bigint)
LANGUAGE sql STABLE AS $fn$
WITH path AS (
  SELECT h.entity, row_number() OVER (ORDER BY h.utilization DESC, h.entity) AS rank
  FROM dash_headroom(p_testbed, p_run, p_from, p_to) h
  WHERE h.on_data_path
),
run_window AS (
  SELECT r.start_ts, coalesce(r.end_ts, 'infinity') AS end_ts
  FROM run r WHERE r.testbed = p_testbed AND r.run = p_run
),
shares AS (
  SELECT s.ts, e.entity, e.kind, p.rank,
         s.value / nullif(CASE WHEN m.name = 'util' THEN 1.0
                               WHEN m.name LIKE '%bytes_per_s' THEN (e.capacity ->> 'bytes_per_s')::float8
                               WHEN m.name LIKE '%iops' THEN (e.capacity ->> 'iops')::float8 END, 0) AS share
  FROM sample s
  JOIN entity e ON e.id = s.entity_id
  JOIN metric m ON m.id = s.metric_id
  JOIN path p ON p.entity = e.entity
  JOIN run_window w ON s.ts BETWEEN w.start_ts AND w.end_ts
  WHERE e.testbed = p_testbed AND s.ts BETWEEN p_from AND p_to
)
SELECT sh.ts, sh.entity, sh.kind, max(sh.share), sh.rank
FROM shares sh WHERE sh.share IS NOT NULL
GROUP BY sh.ts, sh.entity, sh.kind, sh.rank
$fn$;

-- The newest verdict's phases with what binds once each phase's limit is lifted (the verdict's
-- next_limit: class, entity, the throughput multiplier until it binds, its first evidence line)
-- or why nothing can be told (next_limit_reason).
CREATE OR REPLACE VIEW dash_phase_next_limit AS
SELECT l.testbed, l.run, x.n, x.ph ->> 'name' AS phase, x.ph ->> 'bottleneck' AS bottleneck,
       x.ph ->> 'entity' AS entity,
       x.ph -> 'next_limit' ->> 'bottleneck' AS next_bottleneck,
       x.ph -> 'next_limit' ->> 'entity' AS next_entity,
       (x.ph -> 'next_limit' ->> 'gain')::float8 AS next_gain,
       x.ph -> 'next_limit' -> 'evidence' ->> 0 AS next_evidence,
       x.ph ->> 'next_limit_reason' AS next_reason
FROM dash_latest_verdict l, jsonb_array_elements(l.body -> 'phases') WITH ORDINALITY AS x(ph, n);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headroom_reader') THEN
    GRANT SELECT ON dash_phase_next_limit TO headroom_reader;
    GRANT EXECUTE ON FUNCTION dash_path_share(text, text, timestamptz, timestamptz) TO headroom_reader;
  END IF;
END $$;
