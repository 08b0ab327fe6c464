#!/usr/bin/env bash
# The API under 50 concurrent clients on loopback (wrk, Debian package wrk): the run list and
# one run's verdict, throughput and latency percentiles. Needs PostgreSQL on 127.0.0.1:5432.
# Usage: bench/api/run.sh [RUNS=1000] [DURATION=20s]
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/lib.sh
RUNS=${1:-1000}
DURATION=${2:-20s}
mkdir -p bench/results
mvn ${HEADROOM_MVN_FLAGS:-} -q -B test-compile dependency:build-classpath -pl app -am -Dmdep.outputFile=target/cp.txt
CP="app/target/classes:analyzer/target/classes:model/target/classes:config/target/classes:$(cat app/target/cp.txt)"
PORT_FILE=bench/results/api-port
rm -f "$PORT_FILE"
bench_timed java -Xmx512m -cp "$CP" bench/api/ApiBench.java "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres" "$RUNS" "$PORT_FILE" &
SERVER=$!
# The server's database (ApiBench: headroom_bench_api) goes with it, whatever the exit.
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; psql -q -h 127.0.0.1 -U postgres -d postgres \
  -c "DROP DATABASE IF EXISTS headroom_bench_api WITH (FORCE)" >/dev/null 2>&1 || true; rm -f "$PORT_FILE"' EXIT
for _ in $(seq 120); do [ -s "$PORT_FILE" ] && break; sleep 0.5; done
[ -s "$PORT_FILE" ] || { echo "bench/api: the server did not start within 60 s" >&2; exit 1; }
URL="http://127.0.0.1:$(cat "$PORT_FILE")"
bench_load before
AUTH="Authorization: Bearer bench-token"
curl -fsS -H "$AUTH" "$URL/api/v1/runs?limit=1" >/dev/null
for path in "/api/v1/runs?testbed=bench&limit=100" "/api/v1/runs/r$((RUNS / 2))/verdict"; do
  wrk -t2 -c50 -d5s -H "$AUTH" "$URL$path" >/dev/null # warm-up
  echo "== $path"
  wrk -t2 -c50 -d"$DURATION" --latency -H "$AUTH" "$URL$path"
done
