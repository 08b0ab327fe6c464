#!/bin/sh
# Wraps a vdbench (or HCIBench, or any) invocation in a Headroom run through the analyzer's API,
# so the telemetry Headroom already collects is judged for exactly this run's time.
#   HEADROOM_URL=http://analyzer:8080 HEADROOM_API_TOKEN=... ./vdbench-with-headroom.sh parmfile
set -eu
: "${HEADROOM_URL:?set HEADROOM_URL, e.g. http://analyzer:8080}"
: "${HEADROOM_API_TOKEN:?set HEADROOM_API_TOKEN}"
RUN="vdbench-$(date +%Y%m%d-%H%M%S)"
api() { # METHOD PATH JSON
  curl -fsS -X "$1" -H "Authorization: Bearer $HEADROOM_API_TOKEN" \
       -H 'Content-Type: application/json' -d "$3" "$HEADROOM_URL/api/v1$2"
}
api POST /runs "{\"run\":\"$RUN\",\"workload\":{\"tool\":\"vdbench\",\"parmfile\":\"$1\"}}" >/dev/null
trap 'api POST "/runs/$RUN/end" "{}" >/dev/null' EXIT   # ends the run if this script is stopped
# One phase per run definition: vdbench prints "Starting RD=<name>" as it begins each one.
./vdbench -f "$1" | while IFS= read -r line; do
  printf '%s\n' "$line"
  case "$line" in
    *"Starting RD="*)
      rd=$(printf '%s' "$line" | sed 's/.*Starting RD=\([^;]*\).*/\1/')
      api POST "/runs/$RUN/phases" "{\"name\":\"$rd\"}" >/dev/null ;;
  esac
done
api POST "/runs/$RUN/end" "{}" >/dev/null
trap - EXIT
echo "verdict:"
curl -fsS -H "Authorization: Bearer $HEADROOM_API_TOKEN" "$HEADROOM_URL/api/v1/runs/$RUN/verdict" && echo || true
echo "report: $HEADROOM_URL/runs/$RUN"
