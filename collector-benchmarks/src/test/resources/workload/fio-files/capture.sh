#!/bin/sh
# Re-creates the inputs of the fio-files golden cases with fio 3.33 (Debian's package): all, or the
# case named as the argument (./capture.sh randrw-two-jobs). Run from this folder; the data files
# fio reads and writes are scratch files under /tmp. A new capture changes every figure: the README
# and FioLogImportTest state them.
set -e
here=$(pwd)
scratch=/tmp/headroom-fio-logs
rm -rf "$scratch" && mkdir -p "$scratch"
only=$1

# randrw-two-jobs: one section, numjobs=2, every log fio writes, one-second windows, json+ output.
if [ -z "$only" ] || [ "$only" = randrw-two-jobs ]; then
case=$here/randrw-two-jobs
rm -rf "$case" && mkdir -p "$case"
cd "$case"
fio "$here/randrw-two-jobs.fio" --output-format=json+ --output=out.json
rm -f mix_slat.*.log   # psync measures no submission latency: fio leaves these empty
echo out.json > files.txt
cd "$here"
fi

# client-server-two-servers: two fio servers on 127.0.0.1 ports driven by one client, each given
# the job file (fio sends every server the job file that follows its --client), --status-interval=1.
if [ -z "$only" ] || [ "$only" = client-server-two-servers ]; then
case=$here/client-server-two-servers
rm -rf "$case" && mkdir -p "$case"
cd "$case"
fio --server=ip:127.0.0.1,18765 > /dev/null 2>&1 &
s1=$!
fio --server=ip:127.0.0.1,18766 > /dev/null 2>&1 &
s2=$!
sleep 1
fio --client=ip:127.0.0.1,18765 "$here/client-server.fio" --client=ip:127.0.0.1,18766 "$here/client-server.fio" \
  --output-format=json+ --status-interval=1 --output=out.json
kill "$s1" "$s2"
echo out.json > files.txt
cd "$here"
fi

# group-reporting-logs: section a (numjobs=2, group_reporting: one JSON entry for threads 1 and 2)
# and section b (new_group: thread 3), iops logs g_iops.N.log.
if [ -z "$only" ] || [ "$only" = group-reporting-logs ]; then
case=$here/group-reporting-logs
rm -rf "$case" && mkdir -p "$case"
cd "$case"
fio "$here/group-reporting-logs.fio" --output-format=json --output=out.json
echo out.json > files.txt
cd "$here"
fi
