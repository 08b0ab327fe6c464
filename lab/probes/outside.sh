#!/usr/bin/env bash
# Re-runs issue 48's "What was seen" probes from outside, through the built ./headroom launcher,
# and prints one row per probe: the exit code expected and got, and the first line the command
# printed (a refusal's on stderr, an answer's on stdout). A probe passes when the exit code is the expected one and, for a
# refusal (exit 2), the line names what it refused (the file, the option or the key).
#   lab/probes/outside.sh            all probes; exit 0 when every probe passes, 1 otherwise
# Each command runs under `timeout` (a hang shows as exit 124). Needs mkfifo, truncate, iconv.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
hr="$here/headroom"
res="$here/collector-benchmarks/src/test/resources/workload"
rec="$here/docs/scenarios/s1-fc-san.jsonl"
bound=${PROBE_TIMEOUT:-60}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$hr" --help >/dev/null 2>&1 || { echo "outside.sh: ./headroom does not start (build it first)" >&2; exit 1; }

failed=0
printf '%-34s %-4s %-4s %-5s %s\n' probe want got ok "first line"

# probe NAME WANT_EXIT MUST_NAME -- CMD...   (MUST_NAME: a string the first line must hold; "" for none)
probe() {
  local name="$1" want="$2" must="$3"
  shift 4
  local out="$work/out" err="$work/err" got line ok
  timeout "$bound" "$@" </dev/null >"$out" 2>"$err"
  got=$?
  # a refusal's line is on stderr; an answer's (exit 0) on stdout, stderr holding notes
  local first="$err" second="$out"
  [ "$want" = 0 ] && first="$out" second="$err"
  line="$(grep -m1 -v '^\s*$' "$first")"
  [ -n "$line" ] || line="$(grep -m1 -v '^\s*$' "$second")"
  ok=yes
  [ "$got" = "$want" ] || ok=NO
  [ -z "$must" ] || [[ "$line" == *"$must"* ]] || ok=NO
  [[ "$line" == *Exception* || "$line" == *"at java."* ]] && ok=NO # a stack trace is never an answer
  [ "$ok" = yes ] || failed=$((failed + 1))
  printf '%-34s %-4s %-4s %-5s %s\n' "$name" "$want" "$got" "$ok" "${line:0:150}"
}

# Files that are not regular files, or too large to read
mkfifo "$work/fifo"
truncate -s 2G "$work/sparse"
mkdir "$work/dir"
probe "import fio of a FIFO" 2 "fifo" -- "$hr" import fio "$work/fifo" --alone
probe "analyze /dev/zero" 2 "/dev/zero" -- "$hr" analyze /dev/zero
probe "import vdbench of /dev/zero" 2 "/dev/zero" -- "$hr" import vdbench /dev/zero --alone
probe "analyze a 2 GiB sparse file" 2 "sparse" -- "$hr" analyze "$work/sparse"
probe "import sysbench of a 2 GiB file" 2 "sparse" -- "$hr" import sysbench "$work/sparse" --alone
probe "compare on a directory" 2 "dir" -- "$hr" compare "$work/dir" "$rec"
probe "compare on a FIFO" 2 "fifo" -- "$hr" compare "$rec" "$work/fifo"

# HCIBench: a test folder whose name ends in a 23-digit number imports (it threw NumberFormatException)
hci="$work/easy-run-1796226850"
cp -r "$res/hcibench/easy-run-1796226850" "$hci"
mv "$hci/fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads-1796226857" \
  "$hci/fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads-12345678901234567890123"
probe "hcibench 23-digit folder" 0 "" -- "$hr" import hcibench "$hci" --alone

# sysbench --end past what an instant holds
probe "sysbench --end overflow" 2 "--end" -- "$hr" import sysbench "$res/sysbench/cpu.log" --alone \
  --end=+999999999-12-31T23:59:59Z

# The demo refuses a negative duration instead of running forever
probe "demo --seconds -1" 2 "--seconds" -- "$hr" demo --seconds -1

# Testbed files: a webhook port past 65535, a one-character password
cat >"$work/webhook.yaml" <<'YAML'
testbed: probe
sources:
  - type: host
    host: h1
alerts:
  webhooks: ["https://127.0.0.1:99999/x"]
YAML
probe "webhook port 99999" 2 "99999" -- "$hr" discover --testbed "$work/webhook.yaml"
printf 'x\n' >"$work/pw"
cat >"$work/password.yaml" <<YAML
testbed: probe
sources:
  - type: redfish
    host: bmc1
    url: https://127.0.0.1:9/
    username: root
    password_file: $work/pw
YAML
probe "one-character password" 2 "password" -- "$hr" discover --testbed "$work/password.yaml"

# fio 3.1's JSON (clat_ns without N) imports; vdbench rows with -1600, NaN, 1e400 are refused by line
probe "fio 3.1 output" 0 "" -- "$hr" import fio "$res/fio/fio-3.1-clat-ns-without-n/input.json" --alone
probe "vdbench rate -1600" 2 "line" -- "$hr" import vdbench "$res/vdbench/error-negative-rate/flatfile.html" --alone
probe "vdbench rate NaN" 2 "line" -- "$hr" import vdbench "$res/vdbench/error-nan-rate/flatfile.html" --alone
probe "vdbench rate 1e400" 2 "line" -- "$hr" import vdbench "$res/vdbench/error-infinite-rate/flatfile.html" --alone

# Input that is not UTF-8: the refusal names the line or byte
iconv -f UTF-8 -t UTF-16 "$res/sysbench/cpu.log" >"$work/cpu-utf16.log"
probe "sysbench log in UTF-16" 2 "cpu-utf16.log" -- "$hr" import sysbench "$work/cpu-utf16.log" --alone
iconv -f UTF-8 -t UTF-16 "$rec" >"$work/rec-utf16.jsonl"
probe "recording in UTF-16" 2 "rec-utf16.jsonl" -- "$hr" analyze "$work/rec-utf16.jsonl"
{ head -c 200 "$rec"; printf '\xe9t\xe9\n'; } >"$work/rec-latin1.jsonl"
probe "recording with a Latin-1 byte" 2 "rec-latin1.jsonl" -- "$hr" analyze "$work/rec-latin1.jsonl"

echo "$failed of the probes failed"
[ "$failed" = 0 ]
