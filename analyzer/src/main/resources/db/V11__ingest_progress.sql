-- When the ingest last stored sample batches, per Kafka partition, and how far: one row per
-- partition, updated once a poll in the poll's transaction.
-- It replaces the btree on ingested_batch (ingested_at), whose only reader was the analyzer's
-- "seconds since the last batch" gauge (max(ingested_at)), and which cost the server a btree
-- insert for every batch: 2-4% of the ingest's server CPU per sample (docs/benchmarks.md). The
-- column stays: it says when each id was stored.
CREATE TABLE IF NOT EXISTS ingest_progress (
  topic           text        NOT NULL,
  kafka_partition int         NOT NULL,
  next_offset     bigint      NOT NULL,
  stored_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, kafka_partition)
);
DROP INDEX IF EXISTS ingested_batch_age;
