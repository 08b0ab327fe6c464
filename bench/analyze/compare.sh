#!/usr/bin/env bash
# Times `compare` of two 1-hour, 500-entity recordings against analysing both (issue 26: at most
# 1.5x). B is the bench recording again: the same 60 phases, so every phase pairs and is tested.
# Usage: bench/analyze/compare.sh   (from anywhere; writes bench/results/, which git ignores)
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/lib.sh
mkdir -p bench/results
mvn ${HEADROOM_MVN_FLAGS:-} -q -B compile dependency:build-classpath -pl analyzer -am -Dmdep.outputFile=target/cp.txt
CP="analyzer/target/classes:$(cat analyzer/target/cp.txt)"
FILE=bench/results/testbed-1h.jsonl
if [ ! -s "$FILE" ]; then
  java -cp "$CP" bench/analyze/GenTestbed.java "$FILE"
fi
bench_load before
bench_timed java -Xmx1g -cp "$CP" bench/analyze/CompareBench.java "$FILE" "$FILE"
bench_load after
