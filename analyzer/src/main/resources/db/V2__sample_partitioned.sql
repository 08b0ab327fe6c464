-- Samples on plain PostgreSQL: native range partitioning by day. Partitions are created ahead by
-- the analyzer (PartitionMaintainer); a default partition catches anything outside them (a
-- recording from long ago), so no insert ever fails for want of a partition.
CREATE TABLE IF NOT EXISTS sample (
  ts        timestamptz NOT NULL,
  entity_id integer NOT NULL,
  metric_id smallint NOT NULL,
  value     double precision NOT NULL
) PARTITION BY RANGE (ts);
CREATE TABLE IF NOT EXISTS sample_default PARTITION OF sample DEFAULT;
CREATE INDEX IF NOT EXISTS sample_entity_metric_ts ON sample (entity_id, metric_id, ts);

-- The per-minute rollup Grafana panels read; a plain view here, a continuous aggregate on
-- TimescaleDB. Same name and columns on both, so panel SQL is the same.
CREATE OR REPLACE VIEW sample_1m AS
  SELECT date_trunc('minute', ts) AS bucket, entity_id, metric_id,
         avg(value) AS avg, min(value) AS min, max(value) AS max, count(*) AS n
  FROM sample GROUP BY 1, 2, 3;
