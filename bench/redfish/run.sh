#!/bin/sh
# One collector polling N stand-in iDRAC9s (each answering every request in LATENCY_MS) every 10 s.
# Usage: bench/redfish/run.sh [N=1000] [SECONDS=300] [LATENCY_MS=300] [WORKERS=256]
# The stand-ins run in their own JVM, so the collector's CPU and heap are its own (-Xmx512m: the target).
# WORKERS is the scheduler's pool (a testbed's collector.max_workers); SECONDS are measured after a
# warm-up of up to 240 s (every BMC's inventory walk). CPU per scrape is the figure the machine's
# load distorts least (docs/benchmarks.md).
set -eu
cd "$(dirname "$0")/../.."
. bench/lib.sh
N="${1:-1000}"; SECONDS_RUN="${2:-300}"; LATENCY="${3:-300}"; WORKERS="${4:-256}"
# One reactor build (-am): the sibling modules resolve to their target/classes, nothing is installed.
# HEADROOM_MVN_FLAGS=-o builds offline.
mvn ${HEADROOM_MVN_FLAGS:-} -q -B test-compile dependency:build-classpath -pl collector-redfish -am \
  -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
cd collector-redfish
CP="target/test-classes:target/classes:../collector/target/classes:../collector/target/test-classes:../model/target/classes:../config/target/classes:../standin/target/classes:$(cat target/bench-classpath.txt)"
PORTS="$(mktemp)"
bench_timed java -Xmx1g -Xss256k -cp "$CP" io.headroom.collector.redfish.RedfishBenchBmcs "$N" "$LATENCY" "$PORTS" &
BMCS=$!
trap 'kill $BMCS 2>/dev/null; rm -f "$PORTS"' EXIT
for _ in $(seq 300); do [ "$(wc -l < "$PORTS")" -ge "$N" ] && break; kill -0 $BMCS 2>/dev/null || break; sleep 1; done
[ "$(wc -l < "$PORTS")" -ge "$N" ] || { echo "bench/redfish: $N stand-in BMCs did not start within 300 s" >&2; exit 1; }
bench_load before
echo "targets: 0 missed intervals after the first 60 s, under half a core, heap under 512 MB (no peer: docs/benchmarks.md)"
bench_timed java -Xmx512m ${BENCH_JAVA_OPTS:-} -cp "$CP" -Dorg.slf4j.simpleLogger.defaultLogLevel=error \
  io.headroom.collector.redfish.RedfishBench "$PORTS" "$SECONDS_RUN" "$WORKERS"
bench_load after
