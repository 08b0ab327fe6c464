-- Plain PostgreSQL. A series has one reading per instant: the sample table's series index becomes
-- unique, and it, not a row per sample batch in ingested_batch, is what makes a reading delivered
-- twice (Kafka redelivering a poll, a collector's spool resending a batch) land once.
--
-- Why: ingested_batch cost the ingest a heap row, a primary-key entry and their WAL for every
-- batch of about ten samples, 7-12% of the server's time for a COPY of the samples (psql, 2M
-- rows: docs/benchmarks.md, "Fourth pass"); the unique check costs 0-2%, because the insert
-- walks down to the same btree leaf as before and only compares the neighbouring key. This is
-- also how time-series stores name a reading (Prometheus rejects a second sample for a series
-- and timestamp, TimescaleDB's guidance for idempotent ingest is a unique index on the series
-- and time with ON CONFLICT DO NOTHING).
--
-- Readings stored twice by earlier versions (two batches with the same readings, such as a
-- recording imported twice) are removed first, keeping the copy stored first; rows with the same
-- time are always in the same partition, hence the tableoid; joined partition by partition, so
-- each sort is one day's rows, not the whole table's.
SET LOCAL enable_partitionwise_join = on;
DELETE FROM sample a USING sample b
  WHERE a.entity_id = b.entity_id AND a.metric_id = b.metric_id AND a.ts = b.ts
    AND a.tableoid = b.tableoid AND a.ctid > b.ctid;
CREATE UNIQUE INDEX IF NOT EXISTS sample_series_ts ON sample (entity_id, metric_id, ts);
DROP INDEX IF EXISTS sample_entity_metric_ts;
DROP TABLE IF EXISTS ingested_batch;
