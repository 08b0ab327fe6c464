#!/bin/sh
# CPU time and allocation per scrape of the host source over the 128-CPU 24-NVMe fixture, then
# (when installed) prometheus-node-exporter over the same tree, and the ratio of the two. Targets
# (issue 16): at most 0.30x node_exporter's CPU per scrape and at most 1 MiB allocated per steady scrape.
# Usage: bench/host/run.sh [SCRAPES]   (from anywhere; compiles with a reactor build, no install;
#        HEADROOM_MVN_FLAGS=-o builds offline)
set -eu
cd "$(dirname "$0")/../.."
. bench/lib.sh
N="${1:-2000}"
# One reactor build: the sibling modules (model, config, standin) resolve to their target/classes,
# so nothing needs to be installed in ~/.m2 first.
mvn ${HEADROOM_MVN_FLAGS:-} -q -B test-compile dependency:build-classpath -pl collector-host -am \
  -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
bench_load before
(cd collector-host && bench_timed java -Xmx256m -cp "target/test-classes:target/classes:../collector/target/classes:../collector/target/test-classes:../model/target/classes:$(cat target/bench-classpath.txt)" \
  io.headroom.collector.host.HostScrapeBench big-128cpu-24nvme "$N") | tee "$out"
if ! command -v prometheus-node-exporter >/dev/null; then
  echo "node_exporter: not installed (apt-get install -y prometheus-node-exporter curl); no ratio"
  exit 0
fi
ne="$(bench_timed bench/host/node_exporter.sh 500)"
bench_load after
echo "$ne"
# The fair pair: the whole JVM's CPU (GC and JIT included) against the exporter process's.
ours="$(sed -n 's/^RESULT steady scrape: .* JVM CPU \([0-9.]*\) ms$/\1/p' "$out")"
theirs="$(echo "$ne" | sed -n 's/.*: \([0-9.]*\) ms CPU\/scrape.*/\1/p')"
awk -v o="$ours" -v t="$theirs" 'BEGIN { r = o / t;
  printf "RESULT CPU per steady scrape: host source %.3f ms (JVM), node_exporter %.3f ms: ratio %.2fx (target <= 0.30x: %s)\n",
    o, t, r, r <= 0.30 ? "met" : "NOT met" }'
