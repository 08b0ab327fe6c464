-- A verdict consumed from the verdicts topic is stored once, however often Kafka delivers it.
-- Offsets are committed after the database commit, so a crash in between delivers the poll
-- again; computed_at, the time the row is stored (clock_timestamp()), differs at each delivery,
-- so the primary key (testbed, run, computed_at) let the same record in twice. The record's
-- topic, partition and offset are the same at every delivery: stored with it and unique, they make
-- storing it again change nothing (SampleStore: ON CONFLICT DO NOTHING).
-- A verdict stored without Kafka (headroom import) has none: NULLs are distinct, so each import's
-- judgement is kept. Rows stored before this step have none either and are left as they are.
ALTER TABLE verdict
  ADD COLUMN IF NOT EXISTS kafka_topic     text,
  ADD COLUMN IF NOT EXISTS kafka_partition int,
  ADD COLUMN IF NOT EXISTS kafka_offset    bigint;
CREATE UNIQUE INDEX IF NOT EXISTS verdict_kafka_record ON verdict (kafka_topic, kafka_partition, kafka_offset);
