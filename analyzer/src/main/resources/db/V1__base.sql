-- Headroom schema, part 1: everything but the sample table (whose shape depends on TimescaleDB).
CREATE TABLE IF NOT EXISTS entity (
  id         serial PRIMARY KEY,
  testbed    text NOT NULL,
  entity     text NOT NULL,
  kind       text NOT NULL DEFAULT 'unknown',
  name       text,
  attrs      jsonb NOT NULL DEFAULT '{}',
  capacity   jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (testbed, entity)
);

-- Metric names are a small dictionary so each sample row stays narrow (ts, int, smallint, double).
CREATE TABLE IF NOT EXISTS metric (
  id   smallserial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS relation (
  testbed     text NOT NULL,
  from_entity text NOT NULL,
  rel         text NOT NULL,
  to_entity   text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (testbed, from_entity, rel, to_entity)
);

CREATE TABLE IF NOT EXISTS run (
  testbed  text NOT NULL,
  run      text NOT NULL,
  start_ts timestamptz NOT NULL,
  end_ts   timestamptz,
  workload jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (testbed, run)
);

CREATE TABLE IF NOT EXISTS phase (
  testbed  text NOT NULL,
  run      text NOT NULL,
  name     text NOT NULL,
  start_ts timestamptz NOT NULL,
  end_ts   timestamptz,
  PRIMARY KEY (testbed, run, name)
);

CREATE TABLE IF NOT EXISTS verdict (
  testbed     text NOT NULL,
  run         text NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  bottleneck  text NOT NULL,
  entity      text,
  confidence  double precision NOT NULL,
  body        jsonb NOT NULL,
  PRIMARY KEY (testbed, run, computed_at)
);

-- One row per sample batch ever stored: a batch delivered twice (Kafka redelivery after a
-- failed offset commit, or the collector's spool resending after a timeout) is stored once.
CREATE TABLE IF NOT EXISTS ingested_batch (
  batch_id    uuid PRIMARY KEY,
  ingested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ingested_batch_age ON ingested_batch (ingested_at);
