#!/usr/bin/env bash
# Times the run report page of the 1-hour, 500-entity recording (bench/analyze/GenTestbed.java), then of
# the 125-phase sweep recording (docs/scenarios/s5-sweep-125.jsonl).
# Target: built in under a second. Usage: bench/report/run.sh (writes bench/results/, git-ignored)
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/lib.sh
mkdir -p bench/results
mvn ${HEADROOM_MVN_FLAGS:-} -q -B test-compile dependency:build-classpath -pl app -am -Dmdep.outputFile=target/cp.txt
CP="app/target/classes:analyzer/target/classes:model/target/classes:$(cat app/target/cp.txt)"
FILE=bench/results/testbed-1h.jsonl
if [ ! -s "$FILE" ]; then
  java -cp "$CP" bench/analyze/GenTestbed.java "$FILE"
fi
bench_load before
echo "target: the page built in under a second (no peer)"
bench_timed java -Xmx1g -cp "$CP" bench/report/ReportBench.java "$FILE" bench/results/report-1h.html
ls -l bench/results/report-1h.html
echo "the 125-phase HCIBench-like sweep (docs/scenarios/s5-sweep-125.jsonl, its sweep view): target under a second"
bench_timed java -Xmx1g -cp "$CP" bench/report/ReportBench.java docs/scenarios/s5-sweep-125.jsonl bench/results/report-sweep.html
ls -l bench/results/report-sweep.html
bench_timed java -Xmx1g -cp "$CP" bench/report/SweepBench.java docs/scenarios/s5-sweep-125.jsonl
bench_load after
