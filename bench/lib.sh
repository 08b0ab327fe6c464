# Sourced by every bench/*/run* script: what each harness owes its reader (docs/benchmarks.md).
# - bench_load WHEN: the machine's load average, printed beside the figures (a figure taken at load 20
#   says little of a quiet machine; the reader must see which it was).
# - bench_timed CMD...: CMD under the harness's deadline, BENCH_DEADLINE seconds (default 1800), then
#   stopped (TERM, KILL 15 s later), so a hung agent or server never holds a machine; the caller's
#   EXIT trap then cleans up as on any other exit.
bench_load() { echo "load average $1: $(cut -d' ' -f1-3 /proc/loadavg)"; }
bench_timed() { timeout -k 15 "${BENCH_DEADLINE:-1800}" "$@"; }
