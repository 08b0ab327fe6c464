-- The live verdict's per-phase read over a full day's partition, with and without a time index:
-- what bench/ingest's 400-second load cannot show (its partition holds only those 400 s).
-- 50 entities x 10 metrics, one reading every 10 s for the whole of today (4,320,000 rows),
-- then the read of one 60 s window (RunDataLoader's SQL) under each indexing, plus the panel of
-- one metric across the entities over the same window. Plain PostgreSQL only.
-- Usage: psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -f bench/ingest/live-read-plan.sql
--        (creates and drops database headroom_bench_live_read)
\set ON_ERROR_STOP 1
DROP DATABASE IF EXISTS headroom_bench_live_read;
CREATE DATABASE headroom_bench_live_read;
\c headroom_bench_live_read
CREATE TABLE entity (id serial PRIMARY KEY, testbed text NOT NULL, entity text NOT NULL, UNIQUE (testbed, entity));
CREATE TABLE metric (id smallserial PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE sample (ts timestamptz NOT NULL, entity_id integer NOT NULL, metric_id smallint NOT NULL,
  value double precision NOT NULL) PARTITION BY RANGE (ts);
SELECT format('CREATE TABLE sample_today PARTITION OF sample FOR VALUES FROM (%L) TO (%L)',
  date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
  (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC') \gexec
-- the schema's series index (V12: unique)
CREATE UNIQUE INDEX sample_series_ts ON sample (entity_id, metric_id, ts);
INSERT INTO entity (testbed, entity) SELECT 'bench', 'h/disk/d' || e FROM generate_series(0, 49) e;
INSERT INTO metric (name) SELECT 'metric_' || m FROM generate_series(0, 9) m;
-- in time order, as the ingest writes them
INSERT INTO sample
  SELECT t, e.id, m.id, random()
  FROM generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
                       (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '86390 s') AT TIME ZONE 'UTC',
                       interval '10 s') t,
       entity e, metric m
  ORDER BY t;
VACUUM ANALYZE sample;
SELECT count(*) AS rows, pg_size_pretty(pg_relation_size('sample_today')) AS heap FROM sample;

\set window_start '(date_trunc(''day'', now() AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC'' + interval ''12 hours'')'
\echo == live read, btree (entity_id, metric_id, ts) only
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT e.entity, m.name, extract(epoch FROM s.ts)::float8, s.value FROM sample s
  JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id
  WHERE e.testbed = 'bench' AND s.ts >= :window_start AND s.ts < :window_start + interval '60 s' ORDER BY s.ts;
\echo == panel of one metric, btree only
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT e.entity, avg(s.value) FROM sample s JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id
  WHERE e.testbed = 'bench' AND m.name = 'metric_3' AND s.ts >= :window_start AND s.ts < :window_start + interval '60 s'
  GROUP BY e.entity;

CREATE INDEX sample_ts_brin ON sample USING brin (ts) WITH (autosummarize = on);
ANALYZE sample;
SELECT pg_size_pretty(pg_relation_size('sample_today_ts_idx')) AS brin_size,
       pg_size_pretty(pg_relation_size('sample_today_entity_id_metric_id_ts_idx')) AS btree_size;
\echo == live read, btree + brin (ts)
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT e.entity, m.name, extract(epoch FROM s.ts)::float8, s.value FROM sample s
  JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id
  WHERE e.testbed = 'bench' AND s.ts >= :window_start AND s.ts < :window_start + interval '60 s' ORDER BY s.ts;
\echo == panel of one metric, btree + brin (ts)
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT e.entity, avg(s.value) FROM sample s JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id
  WHERE e.testbed = 'bench' AND m.name = 'metric_3' AND s.ts >= :window_start AND s.ts < :window_start + interval '60 s'
  GROUP BY e.entity;
-- The planner keeps the btree above (it cannot tell that ts narrows it so little): what the BRIN
-- would give when the btree is not on offer for this read.
SET enable_indexscan = off;
\echo == live read, brin (ts), with index scans switched off
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT e.entity, m.name, extract(epoch FROM s.ts)::float8, s.value FROM sample s
  JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id
  WHERE e.testbed = 'bench' AND s.ts >= :window_start AND s.ts < :window_start + interval '60 s' ORDER BY s.ts;
RESET enable_indexscan;

DROP INDEX sample_ts_brin;
CREATE INDEX sample_ts ON sample (ts DESC);
ANALYZE sample;
SELECT pg_size_pretty(pg_relation_size('sample_today_ts_idx')) AS ts_btree_size;
\echo == live read, btree + btree (ts DESC)
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT e.entity, m.name, extract(epoch FROM s.ts)::float8, s.value FROM sample s
  JOIN entity e ON e.id = s.entity_id JOIN metric m ON m.id = s.metric_id
  WHERE e.testbed = 'bench' AND s.ts >= :window_start AND s.ts < :window_start + interval '60 s' ORDER BY s.ts;
\c postgres
DROP DATABASE headroom_bench_live_read;
