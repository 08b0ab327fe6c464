#!/bin/sh
# Re-creates the captured fio outputs of this folder (fio-3.33 from Debian bookworm, run as root
# on a 2-CPU, 1-NUMA-node VM with ext4 on /dev/vda). Each case folder gets input.json (fio's stdout)
# and, for the failing case, stderr.txt. Run from this folder: sh capture.sh
# The expected records (expected.jsonl) are then rewritten by FioGoldenTest with -Dheadroom.regen=true.
set -u
W=/tmp/headroom-fio-capture
rm -rf "$W" && mkdir -p "$W"

# 1. one job, plain json summary: size=4m bs=4k rw=write is exactly 1024 writes of 4 KiB
fio --name=w --filename=$W/w.dat --size=4m --bs=4k --rw=write --ioengine=psync \
  --output-format=json > write-4m-json/input.json

# 2. two sections with different options, json+ (clat bins), a NUMA node and a CPU list
fio --name=seqread --filename=$W/r.dat --size=2m --bs=64k --rw=read --ioengine=psync \
  --numa_cpu_nodes=0 \
  --name=randwrite --filename=$W/rw.dat --size=1m --bs=4k --rw=randwrite --ioengine=libaio \
  --iodepth=4 --cpus_allowed=1 \
  --output-format=json+ > two-jobs-jsonplus/input.json

# 3. numjobs=2 clones reported one by one (no group_reporting)
fio --name=clone --directory=$W --size=1m --bs=4k --rw=randrw --rwmixread=70 --numjobs=2 \
  --ioengine=psync --randseed=42 --output-format=json > numjobs-clones/input.json

# 4. the same with group_reporting: one entry for the group
fio --name=clone --directory=$W --size=1m --bs=4k --rw=randrw --rwmixread=70 --numjobs=2 \
  --ioengine=psync --randseed=42 --group_reporting --output-format=json > group-reporting/input.json

# 5. a job file with a stonewall: two sections in step 0, one in step 1
cat > $W/steps.fio <<'JOB'
[global]
directory=/tmp/headroom-fio-capture
size=1m
bs=4k
ioengine=psync
rate=1m

[w1]
rw=write

[w2]
rw=write

[r]
stonewall
rw=read
size=2m
JOB
fio $W/steps.fio --output-format=json > stonewall-jobfile/input.json

# 6. a saved live run: --status-interval=1 with json+, a stream of cumulative reports
fio --name=live --filename=$W/live.dat --size=3m --bs=4k --rw=write --rate=1m --ioengine=psync \
  --status-interval=1 --output-format=json+ > status-interval-stream/input.json

# 7. a failing job: its file lies under a regular file (root would create a missing directory)
touch $W/notadir
fio --name=bad --filename=$W/notadir/f --size=1m --rw=write --output-format=json \
  > failed-job/input.json 2> failed-job/stderr.txt
echo "failed-job exit code: $?"
