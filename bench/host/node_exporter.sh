#!/bin/bash
# prometheus-node-exporter over the same 128-CPU 24-NVMe fixture, for comparison with run.sh:
# CPU per scrape from /proc/PID/stat (utime+stime, USER_HZ ticks) over N scrapes with curl.
# Usage: bench/host/node_exporter.sh [SCRAPES] [extra node_exporter flags...]
# Needs: apt-get install -y prometheus-node-exporter curl
set -euo pipefail
N=${1:-500}; shift || true
HERE=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$HERE/collector-host/src/test/resources/host/big-128cpu-24nvme/scrape1
FIX=$(mktemp -d)
cp -a "$SRC"/. "$FIX"/
PORT=$((20000 + RANDOM % 20000))
prometheus-node-exporter --path.procfs="$FIX/proc" --path.sysfs="$FIX/sys" \
  --web.listen-address=127.0.0.1:$PORT --log.level=error "$@" 2>"$FIX.log" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$FIX" "$FIX.log"' EXIT
for i in $(seq 50); do curl -sf -o /dev/null http://127.0.0.1:$PORT/metrics && break; sleep 0.1; done
for i in $(seq 20); do curl -sf -o /dev/null http://127.0.0.1:$PORT/metrics; done   # warm-up
ticks() { awk '{print $14 + $15}' /proc/$PID/stat; }
HZ=$(getconf CLK_TCK)
T0=$(ticks); W0=$(date +%s.%N)
for i in $(seq "$N"); do curl -sf -o /dev/null http://127.0.0.1:$PORT/metrics; done
T1=$(ticks); W1=$(date +%s.%N)
SERIES=$(curl -sf http://127.0.0.1:$PORT/metrics | grep -vc '^#')
echo "node_exporter $(prometheus-node-exporter --version 2>&1 | head -1 | awk '{print $3}') flags [$*]:" \
  "$(echo "($T1 - $T0) * 1000 / $HZ / $N" | bc -l | xargs printf '%.3f') ms CPU/scrape," \
  "wall $(echo "($W1 - $W0) * 1000 / $N" | bc -l | xargs printf '%.3f') ms/scrape (incl. curl), $SERIES series"
