#!/bin/sh
# CPU time and allocation per scrape of the host source over the 128-CPU 24-NVMe fixture.
# Usage: bench/host/run.sh [SCRAPES]   (from anywhere; compiles with a reactor build, no install)
set -eu
cd "$(dirname "$0")/../.."
# One reactor build: the sibling modules (model, config, standin) resolve to their target/classes,
# so nothing needs to be installed in ~/.m2 first.
mvn -q -B test-compile dependency:build-classpath -pl collector -am \
  -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test
cd collector
exec java -Xmx256m -cp "target/test-classes:target/classes:../model/target/classes:$(cat target/bench-classpath.txt)" \
  io.headroom.collector.host.HostScrapeBench big-128cpu-24nvme "${1:-2000}"
