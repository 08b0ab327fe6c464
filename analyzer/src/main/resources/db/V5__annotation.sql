-- Notes on a run's timeline: the ones posted through the API ("cache flushed", "switch port
-- reset") and one per verdict change (source 'verdict'), so the dashboards can mark them.
CREATE TABLE IF NOT EXISTS annotation (
  id      bigserial PRIMARY KEY,
  testbed text NOT NULL,
  run     text NOT NULL,
  ts      timestamptz NOT NULL,
  source  text NOT NULL,
  text    text NOT NULL
);
CREATE INDEX IF NOT EXISTS annotation_run ON annotation (testbed, run, ts);
