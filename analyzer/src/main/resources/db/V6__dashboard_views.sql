-- Views the Grafana dashboards read (dashboards/json), so the SQL that turns rows into what a panel
-- shows lives here once, migrated and tested with the schema, not copied into panel JSON.
-- Every view keeps `ts` a plain column so Grafana's $__timeFilter(ts) reaches the sample index.

-- One reading with its entity and metric names: the join every panel starts from.
CREATE OR REPLACE VIEW dash_sample AS
SELECT e.testbed, e.entity, e.kind, m.name AS metric, s.ts, s.value, e.capacity
FROM sample s
JOIN entity e ON e.id = s.entity_id
JOIN metric m ON m.id = s.metric_id;

-- A port's traffic per direction against its line rate (capacity.bytes_per_s, from its speed).
-- Switch, HBA, NIC and array ports are all kind net_port; ports with no known speed give a null
-- percentage rather than a division by zero.
CREATE OR REPLACE VIEW dash_port_direction AS
SELECT testbed, entity, ts,
       CASE metric WHEN 'rx_bytes_per_s' THEN 'rx' ELSE 'tx' END AS direction,
       value AS bytes_per_s,
       100 * value / nullif((capacity ->> 'bytes_per_s')::float8, 0) AS pct_of_ceiling
FROM dash_sample
WHERE kind = 'net_port' AND metric IN ('rx_bytes_per_s', 'tx_bytes_per_s');

-- Signs of a fabric in trouble on a port: errors, pause frames (FC: transmit credit reaching
-- zero) and the share of time an FC port could not send for want of credit.
CREATE OR REPLACE VIEW dash_port_pushback AS
SELECT testbed, entity, ts, metric, value
FROM dash_sample
WHERE kind = 'net_port' AND metric IN ('errors_per_s', 'pause_per_s', 'tx_credit_zero_fraction');

-- An array controller node's CPU use in percent (util is a fraction of the node's CPUs).
CREATE OR REPLACE VIEW dash_array_cpu AS
SELECT testbed, entity, ts, 100 * value AS util_pct
FROM dash_sample
WHERE kind = 'array_cpu' AND metric = 'util';

-- ONTAP's own view of a node (headroom_cpu): its current utilisation and the optimal point, the
-- knee of its latency/utilisation curve, both in percent. Other arrays have no such figures.
CREATE OR REPLACE VIEW dash_array_optimal_point AS
SELECT testbed, entity, ts,
       CASE metric WHEN 'headroom_util' THEN 'current' ELSE 'optimal point' END AS figure,
       100 * value AS util_pct
FROM dash_sample
WHERE kind = 'array_cpu' AND metric IN ('headroom_util', 'optimal_util');

-- A workload's throughput, reads plus writes, at each reading.
CREATE OR REPLACE VIEW dash_workload_throughput AS
SELECT testbed, entity, ts, sum(value) AS bytes_per_s
FROM dash_sample
WHERE kind = 'workload' AND metric IN ('read_bytes_per_s', 'write_bytes_per_s')
GROUP BY testbed, entity, ts;

-- What each collector reports about its own scrapes and spool (docs/metrics/collector.md).
CREATE OR REPLACE VIEW dash_collector_health AS
SELECT testbed, entity, ts, metric, value
FROM dash_sample
WHERE kind = 'collector';

-- The role Grafana's login is a member of (docker-compose: compose/timescaledb/init-grafana-role.sh):
-- it reads every table and view, now and those later migrations add, and writes nothing. Roles
-- belong to the whole server, so another database's migration may have made it already. A
-- database user without CREATEROLE cannot make it: the analyzer still starts, and the warning
-- says what an administrator runs instead (this step runs once, so nothing retries it).
DO $$
BEGIN
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headroom_reader') THEN
      CREATE ROLE headroom_reader NOLOGIN;
    END IF;
  EXCEPTION
    WHEN duplicate_object OR unique_violation THEN
      NULL;  -- made meanwhile by a migration of another database on the same server
    WHEN insufficient_privilege THEN
      RAISE WARNING 'cannot create role headroom_reader (%); for read-only dashboards, as an administrator: '
        'CREATE ROLE headroom_reader NOLOGIN; GRANT USAGE ON SCHEMA public TO headroom_reader; '
        'GRANT SELECT ON ALL TABLES IN SCHEMA public TO headroom_reader', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headroom_reader') THEN
    GRANT USAGE ON SCHEMA public TO headroom_reader;
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO headroom_reader;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO headroom_reader;
  END IF;
END $$;
