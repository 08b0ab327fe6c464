#!/bin/sh
# CPU time and allocation per scrape of the host source over the 128-CPU 24-NVMe fixture, then
# node_exporter over the same tree (bench/host/node_exporter.sh, when prometheus-node-exporter is
# installed) and the ratio of the two. Targets (issue 16): at most 0.30x node_exporter's CPU per
# scrape and at most 1 MiB allocated per steady scrape.
# Usage: bench/host/run.sh [SCRAPES]   (from anywhere; compiles with a reactor build, no install;
#        HEADROOM_MVN_FLAGS=-o builds offline)
set -eu
cd "$(dirname "$0")/../.."
# One reactor build: the sibling modules (model, config, standin) resolve to their target/classes,
# so nothing needs to be installed in ~/.m2 first.
mvn ${HEADROOM_MVN_FLAGS:-} -q -B test-compile dependency:build-classpath -pl collector -am \
  -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
(cd collector && java -Xmx256m -cp "target/test-classes:target/classes:../model/target/classes:$(cat target/bench-classpath.txt)" \
  io.headroom.collector.host.HostScrapeBench big-128cpu-24nvme "${1:-2000}") | tee "$out"
# "steady     thread CPU 2.8 ms/scrape, JVM CPU 3.1 ms/scrape, wall ..., alloc 4300 KiB/scrape, ..."
ours="$(awk '$1 == "steady" { for (i = 1; i < NF; i++) if ($i == "JVM") { print $(i + 2); exit } }' "$out")"
alloc="$(awk '$1 == "steady" { for (i = 1; i < NF; i++) if ($i == "alloc") { print $(i + 1); exit } }' "$out")"
echo "RESULT host source, steady: $ours ms JVM CPU per scrape, $alloc KiB allocated per scrape (target <= 1024 KiB)"
if ! command -v prometheus-node-exporter >/dev/null; then
  echo "RESULT no peer figure: prometheus-node-exporter is not installed (Debian: apt-get install prometheus-node-exporter)"
  exit 0
fi
theirs="$(bench/host/node_exporter.sh 500 | tee /dev/stderr | sed -n 's/.*: \([0-9.]*\) ms CPU\/scrape.*/\1/p')"
echo "RESULT node_exporter: $theirs ms CPU per scrape; ratio $(echo "$ours / $theirs" | bc -l | xargs printf '%.2f')x (target <= 0.30x)"
