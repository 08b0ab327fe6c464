#!/usr/bin/env bash
# Regenerates the study recordings in this directory from the generator's seeds.
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -o -q -B test-compile dependency:build-classpath -pl analyzer -am -Dmdep.outputFile=target/cp.txt
java -cp "analyzer/target/test-classes:analyzer/target/classes:$(cat analyzer/target/cp.txt)" \
  io.headroom.analyzer.scenario.Scenarios docs/scenarios
