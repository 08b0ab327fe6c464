-- Samples on TimescaleDB: a hypertable in one-day chunks, compressed after two days (segmented by
-- series so a panel reading one entity decompresses only its own), dropped after the retention
-- period, with a per-minute continuous aggregate refreshed every minute.
CREATE EXTENSION IF NOT EXISTS timescaledb;
CREATE TABLE IF NOT EXISTS sample (
  ts        timestamptz NOT NULL,
  entity_id integer NOT NULL,
  metric_id smallint NOT NULL,
  value     double precision NOT NULL
);
SELECT create_hypertable('sample', by_range('ts', INTERVAL '1 day'), if_not_exists => TRUE);
CREATE INDEX IF NOT EXISTS sample_entity_metric_ts ON sample (entity_id, metric_id, ts DESC);
ALTER TABLE sample SET (timescaledb.compress,
  timescaledb.compress_segmentby = 'entity_id, metric_id',
  timescaledb.compress_orderby = 'ts');
SELECT add_compression_policy('sample', INTERVAL '2 days', if_not_exists => TRUE);
SELECT add_retention_policy('sample', INTERVAL '${retention_days} days', if_not_exists => TRUE);
CREATE MATERIALIZED VIEW IF NOT EXISTS sample_1m WITH (timescaledb.continuous) AS
  SELECT time_bucket(INTERVAL '1 minute', ts) AS bucket, entity_id, metric_id,
         avg(value) AS avg, min(value) AS min, max(value) AS max, count(*) AS n
  FROM sample GROUP BY 1, 2, 3 WITH NO DATA;
SELECT add_continuous_aggregate_policy('sample_1m',
  start_offset => INTERVAL '1 hour', end_offset => INTERVAL '1 minute',
  schedule_interval => INTERVAL '1 minute', if_not_exists => TRUE);
