-- What every dashboard's variables and annotations read (testbed and run pickers, phase bands, run
-- notes), as views, so that no dashboard query names a table and the SQL lives here once rather
-- than in each of the five dashboards (docs/dashboards.md).

-- A testbed is listed once it has a run or an entity (a collector may run before any benchmark).
CREATE OR REPLACE VIEW dash_testbed AS
SELECT testbed FROM run
UNION
SELECT testbed FROM entity;

-- Phase bands: Grafana's annotation columns (time, timeend, text, tags).
CREATE OR REPLACE VIEW dash_phase_annotation AS
SELECT p.testbed, p.run, p.start_ts AS "time", p.end_ts AS timeend, p.name AS text, 'phase'::text AS tags
FROM phase p;

-- Run notes: annotations posted through the API and the verdict changes the analyzer records.
CREATE OR REPLACE VIEW dash_run_note AS
SELECT a.testbed, a.run, a.id, a.ts AS "time", a.text, a.source AS tags
FROM annotation a;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headroom_reader') THEN
    GRANT SELECT ON dash_testbed, dash_phase_annotation, dash_run_note TO headroom_reader;
  END IF;
END $$;
