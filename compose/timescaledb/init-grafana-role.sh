#!/bin/sh
# Run once by the timescaledb image when its data volume is new (/docker-entrypoint-initdb.d):
# Grafana's own login, a member of headroom_reader, so the dashboards can read and never write.
# The analyzer's migration V6 grants headroom_reader SELECT on every table and view; it makes the
# role itself when it does not exist yet, and so does this script, whichever runs first.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$HEADROOM_GRAFANA_DB_PASSWORD" <<'SQL'
CREATE ROLE headroom_reader NOLOGIN;
CREATE ROLE grafana LOGIN PASSWORD :'password' IN ROLE headroom_reader;
SQL
