-- TimescaleDB. A series has one reading per instant: the sample table's series index becomes
-- unique, and it, not a row per sample batch in ingested_batch, is what makes a reading delivered
-- twice land once (the reasons and the cost: V12__sample_unique_series_partitioned.sql).
--
-- Readings stored twice by earlier versions are removed first, chunk by chunk, keeping the copy
-- stored first, but only in chunks that are not compressed: a DELETE that reaches a compressed
-- chunk decompresses all of it (and stops at timescaledb.max_tuples_decompressed_per_dml_transaction),
-- and building the unique index does not check rows already compressed, so old duplicates there
-- stay as they were (a reading inserted later is checked against them, compressed or not).
-- Rows with the same time are always in the same chunk.
DO $$
DECLARE
  chunk regclass;
BEGIN
  FOR chunk IN
    SELECT format('%I.%I', c.chunk_schema, c.chunk_name)::regclass
    FROM timescaledb_information.chunks c
    WHERE c.hypertable_schema = current_schema() AND c.hypertable_name = 'sample' AND NOT c.is_compressed
  LOOP
    EXECUTE format('DELETE FROM ONLY %s a USING ONLY %s b WHERE a.entity_id = b.entity_id '
        'AND a.metric_id = b.metric_id AND a.ts = b.ts AND a.ctid > b.ctid', chunk, chunk);
  END LOOP;
END $$;
CREATE UNIQUE INDEX IF NOT EXISTS sample_series_ts ON sample (entity_id, metric_id, ts DESC);
DROP INDEX IF EXISTS sample_entity_metric_ts;
DROP TABLE IF EXISTS ingested_batch;
