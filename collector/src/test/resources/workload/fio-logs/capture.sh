#!/bin/sh
# Re-creates the inputs of the fio-logs golden cases with fio 3.33 (Debian's package). Run from
# this folder; the data files fio reads and writes are scratch files under /tmp.
set -e
here=$(pwd)
scratch=/tmp/headroom-fio-logs
rm -rf "$scratch" && mkdir -p "$scratch"

# randrw-two-jobs: one section, numjobs=2, every log fio writes, one-second windows, json+ output.
case=$here/randrw-two-jobs
rm -rf "$case" && mkdir -p "$case"
cd "$case"
fio "$here/randrw-two-jobs.fio" --output-format=json+ --output=out.json
rm -f mix_slat.*.log   # psync measures no submission latency: fio leaves these empty
cd "$here"
