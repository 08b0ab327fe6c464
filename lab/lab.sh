#!/usr/bin/env bash
# The lab's testbed, built from kernel mechanisms on this machine (root). One testbed per id:
#   up ID [key=value...]   build it; prints key=value lines the caller reads (ip, port, loop, ...)
#   down ID                tear it down (idempotent: every step tolerates a missing part)
#   sweep [--all]          tear down testbeds left by earlier runs (prefix hrlab); --all: kept ones too
#   keep ID                mark a testbed kept (sweep spares it)
#   enter-cgroup ID PART CMD...   run CMD inside the testbed's cgroup PART (client or array)
# Keys for up (all optional; absent means "not limited"):
#   rate_mbit=80             the fabric: a tbf rate on both ends of the veth pair, in Mbit/s
#   array_cpu=0.25           nbdkit's cgroup CPU quota, in CPUs
#   array_delay_ms=2         nbdkit's delay filter: every read and write waits this long (service time)
#   array_threads=16         how many requests nbdkit serves at once (--threads; its thread model is parallel)
#   client_cpu=0.1           the client cgroup's CPU quota, in CPUs
#   disk_riops=300 disk_wiops=300 disk_rbps=... disk_wbps=...   blkio throttle on the loop device
#   disk_spec_iops=1000      the disk's declared IOPS spec, when it is not the throttle (default: disk_riops)
#   loss_pct=2               nftables drops this share of the fabric's packets as they arrive, each way
#   size=1G                  the array's backing file
#   array_via=redfish|ontap fabric_via=snmp   the array's CPU and port read through remote sources (remote.sh)
#   cgroups                prints the cgroup layout the lab will use here: v1 or v2 (or why neither)
# Names: netns hrlab-ID, veth hrIDc (client end, root namespace) and hrIDa (array end), cgroups
# hrlab-ID/{array,client} (cgroup v1: in the cpu, cpuacct and blkio hierarchies; cgroup v2: in
# the unified hierarchy, with cpu and io enabled in hrlab-ID's subtree), file /var/tmp/hrlab-ID.img.
set -euo pipefail

PREFIX=hrlab
CG=/sys/fs/cgroup
STATE=/run/hrlab
NBD_PORT=10809

die() { echo "lab: $*" >&2; exit 1; }

# shellcheck source=remote.sh
. "$(dirname "${BASH_SOURCE[0]}")/remote.sh"

need_root() { [ "$(id -u)" = 0 ] || die "must run as root (netns, tc, cgroups, loop devices)"; }

# Installs what the lab uses, once (Debian package names; .ci/run installs the same).
ensure_tools() {
  local missing=() pair
  for pair in nbdkit:nbdkit fio:fio nft:nftables tc:iproute2 ip:iproute2 losetup:mount lsblk:util-linux blockdev:util-linux; do
    command -v "${pair%%:*}" >/dev/null || missing+=("${pair##*:}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "lab: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq "${missing[@]}" >&2 || { apt-get update -qq >&2 && apt-get install -y -qq "${missing[@]}" >&2; } \
    || die "could not install ${missing[*]} (apt-get install failed)"
}

check_id() {
  [[ "$1" =~ ^[a-z0-9]{1,8}$ ]] || die "id \"$1\" must be 1-8 lowercase letters or digits (it goes into interface names)"
}

# The cgroup layout: "v1" where the cpu, cpuacct and blkio hierarchies are mounted under $CG (also
# on a hybrid machine, whose unified hierarchy at $CG/unified has no controllers), "v2" where $CG
# is the unified hierarchy and offers the cpu and io controllers; otherwise it says why neither.
cg_mode() {
  if [ -d "$CG/cpu" ] && [ -d "$CG/cpuacct" ] && [ -d "$CG/blkio" ]; then echo v1; return 0; fi
  if [ -f "$CG/cgroup.controllers" ]; then
    local have; have=" $(cat "$CG/cgroup.controllers") "
    if [[ "$have" == *" cpu "* && "$have" == *" io "* ]]; then echo v2; return 0; fi
    echo "cgroup v2 at $CG offers controllers [$(echo $have)], the lab needs cpu and io" >&2; return 1
  fi
  echo "no cgroup v1 cpu/cpuacct/blkio hierarchies and no cgroup v2 unified hierarchy at $CG" >&2; return 1
}

# The directories a cgroup path is in: one per v1 hierarchy, or the one of the unified hierarchy.
cg_dirs() {
  case "$(cg_mode)" in
    v1) echo "$CG/cpu/$1 $CG/cpuacct/$1 $CG/blkio/$1" ;;
    v2) echo "$CG/$1" ;;
  esac
}

# cg_make PARENT/CHILD. On v2 a controller reaches a cgroup only when its parent enables it in
# cgroup.subtree_control: the root (systemd usually has) and the lab's own PARENT. Processes live
# only in the children (v2's no-internal-process rule).
cg_make() {
  if [ "$(cg_mode)" = v2 ]; then
    local parent=${1%/*}
    grep -qw cpu "$CG/cgroup.subtree_control" 2>/dev/null && grep -qw io "$CG/cgroup.subtree_control" 2>/dev/null \
      || echo "+cpu +io" > "$CG/cgroup.subtree_control"
    mkdir -p "$CG/$parent"
    echo "+cpu +io" > "$CG/$parent/cgroup.subtree_control"
  fi
  for d in $(cg_dirs "$1"); do mkdir -p "$d"; done
}

cg_join() { # cg_join PATH PID
  for d in $(cg_dirs "$1"); do echo "$2" > "$d/cgroup.procs"; done
}

CPU_PERIOD_US=100000

# The CPU quota of CPUS (a share of CPUs, 0.25) in microseconds per period, at least 1000 (the
# kernel's minimum quota is 1 ms).
cpu_quota_us() {
  awk -v c="$1" -v p=$CPU_PERIOD_US 'BEGIN { q = int(c * p); if (q < 1000) q = 1000; print q }'
}

# cgroup v2 cpu.max: "QUOTA PERIOD" (Documentation/admin-guide/cgroup-v2.rst, CPU interface files).
cpu_max_line() { # cpu_max_line CPUS
  echo "$(cpu_quota_us "$1") $CPU_PERIOD_US"
}

# cgroup v2 io.max: "MAJ:MIN" and the limits set, as riops= wiops= rbps= wbps= (cgroup-v2.rst, IO
# interface files); nothing when no limit is set.
io_max_line() { # io_max_line MAJ:MIN RIOPS WIOPS RBPS WBPS (empty: not limited)
  local line=$1
  [ -n "$2" ] && line+=" riops=$2"
  [ -n "$3" ] && line+=" wiops=$3"
  [ -n "$4" ] && line+=" rbps=$4"
  [ -n "$5" ] && line+=" wbps=$5"
  [ "$line" = "$1" ] || echo "$line"
}

# A quota is a ceiling, not a guarantee: on a busy machine (the test JVM's broker, database and
# analyzer beside it) a capped group can get less than its quota and the case reads as "not at its
# ceiling". A top weight for the group and its parent makes the quota what limits it; the quota
# still caps it, so the weight takes nothing beyond the quota from anyone else. v1 cpu.shares
# (default 1024, at most 262144), v2 cpu.weight (default 100, at most 10000): cgroup-v2.rst, sched-design-CFS.
CPU_SHARES_V1=262144
CPU_WEIGHT_V2=10000

cg_quota() { # cg_quota PATH CPUS
  local parent=${1%/*}
  if [ "$(cg_mode)" = v2 ]; then
    cpu_max_line "$2" > "$CG/$1/cpu.max"
    echo $CPU_WEIGHT_V2 > "$CG/$parent/cpu.weight"
    echo $CPU_WEIGHT_V2 > "$CG/$1/cpu.weight"
    return
  fi
  echo $CPU_PERIOD_US > "$CG/cpu/$1/cpu.cfs_period_us"
  cpu_quota_us "$2" > "$CG/cpu/$1/cpu.cfs_quota_us"
  echo $CPU_SHARES_V1 > "$CG/cpu/$parent/cpu.shares"
  echo $CPU_SHARES_V1 > "$CG/cpu/$1/cpu.shares"
}

# cg_io_limits PATH MAJ:MIN RIOPS WIOPS RBPS WBPS: the disk's throttle (v1 blkio.throttle.*, v2 io.max).
cg_io_limits() {
  local path=$1 dev=$2
  if [ "$(cg_mode)" = v2 ]; then
    local line; line=$(io_max_line "$dev" "$3" "$4" "$5" "$6")
    [ -z "$line" ] || echo "$line" > "$CG/$path/io.max"
    return
  fi
  [ -n "$3" ] && echo "$dev $3" > "$CG/blkio/$path/blkio.throttle.read_iops_device"
  [ -n "$4" ] && echo "$dev $4" > "$CG/blkio/$path/blkio.throttle.write_iops_device"
  [ -n "$5" ] && echo "$dev $5" > "$CG/blkio/$path/blkio.throttle.read_bps_device"
  [ -n "$6" ] && echo "$dev $6" > "$CG/blkio/$path/blkio.throttle.write_bps_device"
  return 0
}

# The lab's cgroups left on this machine, by id.
cg_ids() {
  case "$(cg_mode 2>/dev/null)" in
    v1) ls "$CG/cpu" ;;
    v2) ls "$CG" ;;
  esac | sed -n "s/^$PREFIX-//p"
}

# Removes a cgroup after killing what is left in it (children first).
cg_remove() {
  local d
  for d in $(cg_dirs "$1"); do
    [ -d "$d" ] || continue
    find "$d" -depth -type d | while read -r sub; do
      for p in $(cat "$sub/cgroup.procs" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
      for _ in 1 2 3 4 5 6 7 8 9 10; do rmdir "$sub" 2>/dev/null && break; sleep 0.1; done
    done
  done
}

# loss_pct in hundredths of a percent (2.5 -> 250), the unit of the drop rule's random draw.
loss_basis_points() {
  awk -v p="$1" 'BEGIN { printf "%d", p * 100 + 0.5 }'
}

# Loss on the fabric (loss_pct): this kernel has no netem, so nftables drops packets at random as
# they arrive at either end of the veth, each way: numgen draws 0..9999 per packet and a draw below
# loss_pct x 100 is dropped (2% -> below 200). On arrival, as a lossy link or a full switch port
# loses them, so the sender learns of it only from the receiver (dup ACKs, SACKs) or its
# retransmission timer; a rule on the sender's own way out would hand its TCP a local error
# instead, which it neither counts as a retransmit nor waits a timeout for. The array end's table
# is in its namespace (it goes with it); the client end's is in the root namespace, a netdev table
# of the testbed's own (hrlab-ID) hooked to hrIDc alone, which down deletes. The drops are counted
# by the rules only, not as the interfaces' rx/tx drops: the hosts see them as TCP retransmits and
# late replies.
lossy_fabric() { # lossy_fabric NETNS CLIENT-DEV ARRAY-DEV
  [ -n "$LOSS_PCT" ] || return 0
  local bp; bp=$(loss_basis_points "$LOSS_PCT")
  nft -f - <<NFT
table netdev $1 {
  chain in { type filter hook ingress device "$2" priority 0; numgen random mod 10000 < $bp counter drop; }
}
NFT
  ip netns exec "$1" nft -f - <<NFT
table netdev $PREFIX {
  chain in { type filter hook ingress device "$3" priority 0; numgen random mod 10000 < $bp counter drop; }
}
NFT
}

parse_args() {
  RATE= DELAY_MS= ARRAY_CPU= CLIENT_CPU= RIOPS= WIOPS= RBPS= WBPS= SIZE=1G THREADS=16 SPEC_IOPS= LOSS_PCT=
  remote_defaults
  local kv
  for kv in "$@"; do
    case "$kv" in
      rate_mbit=*) RATE=${kv#*=}; [[ "$RATE" =~ ^[1-9][0-9]*$ ]] || die "rate_mbit must be a whole number of Mbit/s, not $RATE" ;;
      array_cpu=*) ARRAY_CPU=${kv#*=} ;;
      array_delay_ms=*) DELAY_MS=${kv#*=}; [[ "$DELAY_MS" =~ ^[1-9][0-9]*$ ]] || die "array_delay_ms must be a whole number of ms, not $DELAY_MS" ;;
      array_threads=*) THREADS=${kv#*=}
        [[ "$THREADS" =~ ^[1-9][0-9]{0,3}$ ]] && [ "$THREADS" -le 1024 ] || die "array_threads must be a whole number from 1 to 1024, not $THREADS" ;;
      client_cpu=*) CLIENT_CPU=${kv#*=} ;;
      disk_riops=*) RIOPS=${kv#*=} ;;
      disk_wiops=*) WIOPS=${kv#*=} ;;
      disk_rbps=*) RBPS=${kv#*=} ;;
      disk_wbps=*) WBPS=${kv#*=} ;;
      disk_spec_iops=*) SPEC_IOPS=${kv#*=}; [[ "$SPEC_IOPS" =~ ^[1-9][0-9]*$ ]] || die "disk_spec_iops must be a whole number of IOPS, not $SPEC_IOPS" ;;
      loss_pct=*) LOSS_PCT=${kv#*=}
        # hundredths of a percent, the resolution of the drop rule (loss_basis_points)
        [[ "$LOSS_PCT" =~ ^[0-9]{1,2}(\.[0-9]{1,2})?$ ]] && [ "$(loss_basis_points "$LOSS_PCT")" -gt 0 ] \
          || die "loss_pct must be a percentage above 0 and below 100, at most two decimals, not $LOSS_PCT" ;;
      size=*) SIZE=${kv#*=} ;;
      array_via=*|fabric_via=*) remote_parse "$kv" ;;
      *) die "unknown setting \"$kv\" (known: rate_mbit array_cpu array_delay_ms array_threads client_cpu disk_riops disk_wiops disk_rbps disk_wbps disk_spec_iops loss_pct size array_via fabric_via)" ;;
    esac
  done
}

# Egress shaping on one end with tbf. Its burst is kept small so the link is slow at every time
# scale, not only on average. (netem would add a round trip, but not every kernel has it.)
# The burst is 4 ms of the rate (at least 16 KiB): enough for the timer, small enough to be no
# faster link in disguise.
shape() { # shape NETNS-PREFIX DEV
  [ -n "$RATE" ] || return 0
  local burst=$(( RATE * 125000 / 250 )); [ $burst -lt 16384 ] && burst=16384
  $1 tc qdisc add dev "$2" root handle 1: tbf rate "${RATE}mbit" burst "$burst" latency 100ms
}

up() {
  local id=$1; shift
  check_id "$id"; parse_args "$@"; need_root; ensure_tools
  cg_mode >/dev/null || die "cannot limit CPU and I/O here: no usable cgroups"
  local name=$PREFIX-$id cdev=hr${id}c adev=hr${id}a
  [ -e "$STATE/$id" ] && die "testbed $id exists (lab.sh down $id)"
  mkdir -p "$STATE/$id"
  # Whose testbed this is: sweep leaves it alone while that process lives.
  echo "${LAB_OWNER:-$PPID}" > "$STATE/$id/owner"
  # A /30 picked from the id, so two testbeds up at once do not share addresses.
  local n=$(( 0x$(echo -n "$id" | md5sum | cut -c1-4) % 16000 ))
  local net="10.$((200 + n / 256 % 50)).$((n % 256))"
  local cip=$net.1 aip=$net.2

  # The disk: a sparse file behind a loop device with direct I/O (no second page cache).
  truncate -s "$SIZE" "/var/tmp/$name.img"
  local loop; loop=$(losetup --direct-io=on -f --show "/var/tmp/$name.img")
  echo "$loop" > "$STATE/$id/loop"
  blockdev --setra 0 "$loop"
  local majmin; majmin=$(lsblk -dno MAJ:MIN "$loop" | tr -d ' ')

  # The fabric.
  ip netns add "$name"
  ip link add "$cdev" type veth peer name "$adev"
  ip link set "$adev" netns "$name"
  ip addr add "$cip/30" dev "$cdev"
  ip link set "$cdev" up
  ip netns exec "$name" ip addr add "$aip/30" dev "$adev"
  ip netns exec "$name" ip link set "$adev" up
  ip netns exec "$name" ip link set lo up
  shape "" "$cdev"
  shape "ip netns exec $name" "$adev"
  lossy_fabric "$name" "$cdev" "$adev"

  # The cgroups.
  cg_make "$name/array"; cg_make "$name/client"
  [ -n "$ARRAY_CPU" ] && cg_quota "$name/array" "$ARRAY_CPU"
  [ -n "$CLIENT_CPU" ] && cg_quota "$name/client" "$CLIENT_CPU"
  cg_io_limits "$name/array" "$majmin" "$RIOPS" "$WIOPS" "$RBPS" "$WBPS"

  # The array: nbdkit in its namespace and cgroup. cache=none: reads go to the loop device, not
  # to the page cache (which would serve them without the disk and without its throttle).
  # The delay filter gives each request a service time, so one request at a time is slow. The
  # file plugin and the delay filter are both of the parallel thread model (nbdkit --dump-plugin:
  # thread_model=parallel), so up to --threads requests of a connection are served at once, each
  # sleeping its delay side by side (fio's nbd engine opens one connection per job).
  local filter=
  [ -n "$DELAY_MS" ] && filter="--filter=delay"
  bash -c "$(declare -f cg_join cg_dirs cg_mode); CG=$CG; cg_join $name/array \$\$; \
    exec ip netns exec $name nbdkit -P $STATE/$id/nbdkit.pid -i $aip -p $NBD_PORT \
      --threads $THREADS $filter file $loop cache=none ${DELAY_MS:+delay-read=${DELAY_MS}ms delay-write=${DELAY_MS}ms}" \
    || die "nbdkit did not start"
  for _ in $(seq 50); do [ -s "$STATE/$id/nbdkit.pid" ] && break; sleep 0.1; done
  [ -s "$STATE/$id/nbdkit.pid" ] || die "nbdkit wrote no pid file"

  remote_up "$id" "$name" "$cdev" "$adev" "$aip"
  write_testbed "$id" "$name" "$cdev" "${loop#/dev/}" > "$STATE/$id/testbed.yaml"

  echo "name=$name"
  echo "testbed=$STATE/$id/testbed.yaml"
  echo "port_entity=$PORT_ENTITY"
  echo "array_entity=$ARRAY_ENTITY"
  echo "client_entity=client/cpu"
  echo "disk_entity=lab/disk/${loop#/dev/}"
  echo "volume_entity=lab/vol/export"
  echo "client_dev=$cdev"
  echo "array_dev=$adev"
  echo "array_ip=$aip"
  echo "uri=nbd://$aip:$NBD_PORT/"
  echo "loop=${loop#/dev/}"
  echo "array_cgroup=$name/array"
  echo "client_cgroup=$name/client"
  remote_info "$id"
}

# The testbed file (docs/configuration.md): what the kernel cannot tell is declared here: the
# link's shaped rate, the disk's spec, that the client host is a cgroup, and the data path.
# Unshaped, the port is the veth's nominal 10 Gbit/s and the disk a fast SSD's 200k IOPS, 2 GB/s.
# disk_spec_iops declares a spec the throttle does not hold to (a datasheet figure the disk does
# not reach under these conditions).
write_testbed() { # write_testbed ID NAME CLIENT-DEV LOOP
  local mbit=${RATE:-10000} iops=${SPEC_IOPS:-${RIOPS:-200000}} bps=${RBPS:-2000000000}
  cat <<YAML
testbed: lab-$1
sources:
  - type: declared              # first: fio's workloads run on <first host>/cpu, i.e. client/cpu
    host: client
    entities:
      - id: client/cpu
        kind: host_cpu
        name: "lab client (cgroup $2/client)"
        cgroup: $2/client
      - id: client/net/$3
        kind: net_port
        name: "client end of the fabric ($3, tbf ${RATE:-unshaped})"
        attrs: {fabric: ethernet, speed_bps: $((mbit * 1000000))}
        capacity: {bytes_per_s: $((mbit * 125000))}
        netdev: $3
      - id: lab/vol/export
        kind: disk
        name: "NBD export of $2"
      - id: lab/disk/$4
        kind: disk
        name: "array disk $4"
        capacity: {iops: $iops, bytes_per_s: $bps}
        blockdev: $4
    relations:
      - {from: lab/vol/export, rel: served_by, to: $ARRAY_ENTITY}
      - {from: lab/vol/export, rel: behind, to: lab/disk/$4}
    workloads:
      - {rel: via, to: $PORT_ENTITY}
      - {rel: targets, to: lab/vol/export}
  - type: host
    host: array
    array_cgroups: [$2/array]
YAML
  remote_sources "$1"
}

down() {
  local id=$1 name=$PREFIX-$1
  check_id "$id"
  remote_down "$id" "$name"
  if [ -s "$STATE/$id/nbdkit.pid" ]; then kill "$(cat "$STATE/$id/nbdkit.pid")" 2>/dev/null || true; fi
  cg_remove "$name"
  nft delete table netdev "$name" 2>/dev/null || true
  ip link del "hr${id}c" 2>/dev/null || true
  ip netns del "$name" 2>/dev/null || true
  local loop
  for loop in $(losetup -j "/var/tmp/$name.img" -O NAME -n 2>/dev/null); do losetup -d "$loop" || true; done
  rm -f "/var/tmp/$name.img"
  rm -rf "${STATE:?}/$id"
}

# Everything with the prefix left by earlier runs, whatever state it was left in (a killed test
# may leave no state dir). Spared: testbeds whose owner still runs, and those kept on purpose
# (lab/run --keep) unless --all.
sweep() {
  local all=${1:-}
  local ids
  ids=$( { ls "$STATE" 2>/dev/null; ip netns list 2>/dev/null | awk '{print $1}' | sed -n "s/^$PREFIX-//p";
    cg_ids; ls /var/tmp | sed -n "s/^$PREFIX-\(.*\)\.img$/\1/p";
    { nft list tables netdev 2>/dev/null || true; } | sed -n "s/^table netdev $PREFIX-//p"; } | sort -u)
  for id in $ids; do
    if [ -s "$STATE/$id/owner" ] && kill -0 "$(cat "$STATE/$id/owner")" 2>/dev/null; then continue; fi
    if [ -e "$STATE/$id/keep" ] && [ "$all" != --all ]; then echo "lab: kept testbed $id left up (lab.sh down $id)" >&2; continue; fi
    down "$id"
  done
}

enter_cgroup() { # enter_cgroup ID PART CMD...
  local id=$1 part=$2; shift 2
  check_id "$id"
  [ "$part" = client ] || [ "$part" = array ] || die "cgroup part must be client or array, not $part"
  cg_join "$PREFIX-$id/$part" $$
  exec "$@"
}

# Run as a command; sourced (the tests of its pure functions), it only defines them.
[ "${BASH_SOURCE[0]}" = "$0" ] || return 0

case "${1:-}" in
  cgroups) cg_mode ;;
  up) shift; [ $# -ge 1 ] || die "usage: lab.sh up ID [key=value...]"; up "$@" ;;
  down) [ $# -eq 2 ] || die "usage: lab.sh down ID"; need_root; down "$2" ;;
  sweep) need_root; sweep "${2:-}" ;;
  keep) [ $# -eq 2 ] || die "usage: lab.sh keep ID"; check_id "$2"; touch "$STATE/$2/keep" ;;
  enter-cgroup) shift; [ $# -ge 3 ] || die "usage: lab.sh enter-cgroup ID client|array CMD..."; enter_cgroup "$@" ;;
  *) die "usage: lab.sh up ID [key=value...] | down ID | sweep [--all] | keep ID | enter-cgroup ID PART CMD... | cgroups" ;;
esac
