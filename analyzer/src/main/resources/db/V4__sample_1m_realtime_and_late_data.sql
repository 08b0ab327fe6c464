-- TimescaleDB only. sample_1m as V2 made it lost minutes in two ways; V2 stays as released (it is
-- recorded as applied on existing databases, so an edit there would never reach them) and this
-- step fixes old and new databases alike.
--
-- 1. V2 created it WITH NO DATA and materialized-only (the default since TimescaleDB 2.13), so the
--    per-minute panels were empty until the policy's first run and always lacked the newest
--    minute. Real-time aggregation answers from the materialized minutes below the watermark plus
--    the raw samples above it, so a minute shows as soon as its samples are stored.
ALTER MATERIALIZED VIEW sample_1m SET (timescaledb.materialized_only = false);

-- 2. V2's policy refreshed only the last hour. Samples that arrive later than that (a collector's
--    spool replaying after an outage, an imported recording) land below the watermark, where
--    real-time aggregation no longer looks, and were never materialized. Their inserts are noted
--    in TimescaleDB's invalidation log, which a refresh works through for the part of its window
--    they fall in; so the window now reaches back over the whole retention period.
--
--    Cost: a refresh recomputes only the invalidated minutes inside its window. A run with
--    nothing late reads the invalidation log and nothing else; a replay of a two-hour outage
--    makes the next run re-aggregate those two hours once. Only the first run after this step
--    does more: it materializes everything V2 never did within the window (its WITH NO DATA left
--    the whole time range invalid), once.
--
--    Retention: the window starts where the retention policy drops chunks, and no earlier, on
--    purpose. Dropping a chunk marks its range invalid; a refresh over that range would find no
--    samples and delete those minutes from sample_1m. Stopping at the retention period keeps the
--    rollup's minutes after their raw samples are gone, as V2 did. Samples older than the
--    retention period are dropped with their chunk anyway and need no rollup.
SELECT remove_continuous_aggregate_policy('sample_1m', if_exists => TRUE);
SELECT add_continuous_aggregate_policy('sample_1m',
  start_offset => INTERVAL '${retention_days} days', end_offset => INTERVAL '1 minute',
  schedule_interval => INTERVAL '1 minute');
