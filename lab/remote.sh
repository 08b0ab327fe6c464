# The lab's array node read through remote sources, as a real testbed reads an array (sourced by
# lab.sh; docs/lab.md, "Remote sources"). Two settings of `lab.sh up`:
#   array_via=redfish   the array node's CPU through a stand-in iDRAC9 whose CPU usage sensor is
#                       the array cgroup's CPU time against its quota (io.headroom.standin.lab),
#                       read by a `redfish` source (role: array) over HTTPS pinned to its certificate
#   array_via=ontap     the array node's CPU through a stand-in ONTAP cluster of one node whose
#                       system:node cpu_busy advances with the array cgroup's CPU time over its
#                       quota (io.headroom.standin.lab), read by an `ontap` source over HTTPS pinned
#                       to its certificate
#   fabric_via=snmp     the array's fabric port through net-snmp's snmpd inside the array's network
#                       namespace, serving IF-MIB for the array's veth end with ifHighSpeed set to
#                       the tbf rate, read by an `snmp` source (role: array)
# Defaults: array_via=cgroup (the host source reads the cgroup), fabric_via=declared (the declared
# source reads the client's veth end). Each process started here is stopped by remote_down, which
# finds snmpd through the namespace (so half-built testbeds are covered), and the stand-in exits
# by itself once the cgroup it reports on is gone.

REMOTE_BMC_HOST=arraybmc     # the redfish source's host: its CPU entity is arraybmc/cpu
REMOTE_ONTAP_HOST=arrayontap # the ontap source's host: its node is arrayontap/node/lab-01
REMOTE_ONTAP_NODE=lab-01     # the node's name (io.headroom.standin.lab.CgroupOntap.NODE)
REMOTE_AGENT_HOST=arrayagent # the snmp source's host: the port is arrayagent/port/<veth>
# net-snmp's IF-MIB cache (nsCacheTimeout of ifTable, 3 s by default) would hand a 1 s poll the same
# counters three times and then a jump; 0 makes every request read the kernel's counters.
REMOTE_IF_CACHE_OID=.1.3.6.1.4.1.8072.1.5.3.1.2.1.3.6.1.2.1.2.2
REMOTE_JAVA_OPTS="-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"

remote_defaults() { ARRAY_VIA=cgroup FABRIC_VIA=declared; }

remote_parse() { # remote_parse KEY=VALUE: takes array_via and fabric_via, else returns 1
  case "$1" in
    array_via=*) ARRAY_VIA=${1#*=}; [[ "$ARRAY_VIA" =~ ^(cgroup|redfish|ontap)$ ]] || die "array_via must be cgroup, redfish or ontap, not $ARRAY_VIA" ;;
    fabric_via=*) FABRIC_VIA=${1#*=}; [[ "$FABRIC_VIA" =~ ^(declared|snmp)$ ]] || die "fabric_via must be declared or snmp, not $FABRIC_VIA" ;;
    *) return 1 ;;
  esac
}

# Starts what the settings ask for and sets ARRAY_ENTITY and PORT_ENTITY, the entities the data
# path goes through (served_by and via in the testbed file).
remote_up() { # remote_up ID NAME CLIENT-DEV ARRAY-DEV ARRAY-IP
  local id=$1 name=$2 cdev=$3 adev=$4 aip=$5
  ARRAY_ENTITY=array/cgroup/$name/array PORT_ENTITY=client/net/$cdev
  if [ "$ARRAY_VIA" = redfish ]; then
    remote_standin_up "$id" "$name" idrac bmc
    remote_warm "$STATE/$id" bmc root "${REMOTE_IDRAC_PATHS[@]}"
    ARRAY_ENTITY=$REMOTE_BMC_HOST/cpu
  fi
  if [ "$ARRAY_VIA" = ontap ]; then
    remote_standin_up "$id" "$name" ontap ontap
    remote_warm "$STATE/$id" ontap admin "${REMOTE_ONTAP_PATHS[@]}"
    ARRAY_ENTITY=$REMOTE_ONTAP_HOST/node/$REMOTE_ONTAP_NODE
  fi
  if [ "$FABRIC_VIA" = snmp ]; then
    remote_snmpd_up "$id" "$name" "$adev" "$aip"
    PORT_ENTITY=$REMOTE_AGENT_HOST/port/$adev
  fi
}

# A live stand-in of the array node (LabStandinMain MODE: idrac or ontap): a JVM on loopback (the
# node's management network, apart from the fabric), its password made here into a root-only file,
# its certificate's fingerprint pinned in the testbed file. Its files in the state directory are
# PREFIX-password, .pem, .out (url= and sha256=), .err and .pid. Classes: LAB_STANDIN_CP (the tests
# pass theirs), else what ./headroom builds.
remote_standin_up() { # remote_standin_up ID NAME MODE PREFIX
  local name=$2 mode=$3 f=$STATE/$1/$4
  local cp=${LAB_STANDIN_CP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/app/target/lab-lib/*}
  compgen -G "${cp%%:*}" >/dev/null || [ -e "${cp%%:*}" ] \
    || die "array_via=$ARRAY_VIA needs the stand-in's classes: build first (./headroom --help builds app/target/lab-lib)"
  command -v java >/dev/null || die "array_via=$ARRAY_VIA needs java (17 or later) on PATH"
  (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=' > "$f-password")
  # setsid and no inherited descriptors: `up`'s caller reads its stdout to the end.
  # shellcheck disable=SC2086
  setsid java $REMOTE_JAVA_OPTS -cp "$cp" io.headroom.standin.lab.LabStandinMain "$mode" \
    --cgroup "$name/array" --cgroup-root "$CG" --password-file "$f-password" --pem "$f.pem" \
    < /dev/null > "$f.out" 2> "$f.err" &
  echo $! > "$f.pid"
  for _ in $(seq 600); do grep -q '^sha256=' "$f.out" 2>/dev/null && break
    kill -0 "$(cat "$f.pid")" 2>/dev/null || die "the stand-in $mode exited: $(cat "$f.err")"; sleep 0.1; done
  grep -q '^sha256=' "$f.out" || die "the stand-in $mode did not start within 60 s: $(cat "$f.err")"
}

# What the sources read first, per stand-in: the iDRAC's tree as the redfish source walks it, and
# ONTAP's system:node schema, its rows and the port collections as the ontap source asks for them.
REMOTE_IDRAC_PATHS=(/redfish/v1 /redfish/v1/SessionService /redfish/v1/Systems /redfish/v1/Systems/System.Embedded.1
  /redfish/v1/Systems/System.Embedded.1/Processors /redfish/v1/Systems/System.Embedded.1/Processors/CPU.Socket.1
  /redfish/v1/Chassis /redfish/v1/Chassis/System.Embedded.1 /redfish/v1/Chassis/System.Embedded.1/Sensors
  /redfish/v1/Chassis/System.Embedded.1/Sensors/SystemBoardCPUUsage)
REMOTE_ONTAP_PATHS=(/api/cluster/counter/tables/system%3Anode
  "/api/cluster/counter/tables/system%3Anode/rows?fields=*&max_records=1000&return_timeout=15&counters.name=cpu_busy%7Ccpu_elapsed_time%7Ctime"
  "/api/network/ethernet/ports?fields=node.name,name,speed&max_records=1000&return_timeout=15"
  "/api/network/fc/ports?fields=node.name,name,speed,fabric.connected_speed&max_records=1000&return_timeout=15")

# A cold JVM on a busy machine answers its first requests in seconds: the source's first walk
# would then leave the run's first seconds without a reading. Three rounds of its requests here,
# over the same TLS, warm it up. The password goes by a root-only netrc file, never on a command
# line.
remote_warm() { # remote_warm STATE-DIR PREFIX USER PATH...
  local dir=$1 f=$1/$2 user=$3 url path; shift 3
  url=$(sed -n 's/^url=//p' "$f.out")
  (umask 077; echo "machine 127.0.0.1 login $user password $(cat "$f-password")" > "$f.netrc")
  for _ in 1 2 3; do
    for path in "$@"; do
      curl -s -o /dev/null --max-time 10 --cacert "$f.pem" --netrc-file "$f.netrc" "$url$path" || true
    done
  done
  rm -f "$f.netrc"
}

# snmpd inside the array's namespace on the array's address, with a configuration of the lab's
# own and no other (-C): a random read-only community for the testbed's /30 limited to system,
# interfaces and ifXTable; a write community for the ifTable row of nsCacheTable only, used once
# here; the veth's speed as the tbf rate. The agent is reached over the fabric (the lab has no
# management network): its few kB/s are counted in the port's bytes, as in-band management is.
remote_snmpd_up() { # remote_snmpd_up ID NAME ARRAY-DEV ARRAY-IP
  local id=$1 name=$2 adev=$3 aip=$4 dir=$STATE/$1
  [ -x /usr/sbin/snmpd ] && command -v snmpset >/dev/null \
    || die "fabric_via=snmp needs net-snmp's agent and tools: apt-get install snmpd snmp (.ci/run installs both)"
  local ro rw mbit=${RATE:-10000}
  ro=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
  rw=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
  chmod go-rwx "$dir" # the testbed file there holds the community
  (umask 077; echo "$ro" > "$dir/snmp-community"; cat > "$dir/snmpd.conf" <<CONF
agentAddress udp:$aip:161
view lab included .1.3.6.1.2.1.1
view lab included .1.3.6.1.2.1.2
view lab included .1.3.6.1.2.1.31
view cache included $REMOTE_IF_CACHE_OID
rocommunity $ro ${aip%.*}.0/30 -V lab
rwcommunity $rw ${aip%.*}.0/30 -V cache
# ethernetCsmacd at the tbf rate: the veth itself reports a nominal 10 Gbit/s
interface $adev 6 $((mbit * 1000000))
CONF
)
  MIBS= SNMP_PERSISTENT_DIR=$dir/snmp ip netns exec "$name" /usr/sbin/snmpd -C -c "$dir/snmpd.conf" \
    -Lf "$dir/snmpd.log" -p "$dir/snmpd.pid" < /dev/null > /dev/null 2>&1 || die "snmpd did not start: $(cat "$dir/snmpd.log")"
  local ifindex; ifindex=$(ip netns exec "$name" cat "/sys/class/net/$adev/ifindex")
  for _ in $(seq 100); do
    MIBS= snmpset -r0 -t1 -v2c -c "$rw" "$aip" "$REMOTE_IF_CACHE_OID" i 0 >/dev/null 2>&1 && break; sleep 0.1; done
  # Ready when ifHighSpeed (Mbit/s) is the tbf rate: snmpd applies `interface` at its first reload.
  for _ in $(seq 100); do
    [ "$(MIBS= snmpget -Oqv -r0 -t1 -v2c -c "$ro" "$aip" ".1.3.6.1.2.1.31.1.1.1.15.$ifindex" 2>/dev/null)" = "$mbit" ] && return 0
    sleep 0.1
  done
  die "snmpd in $name does not give ifHighSpeed $mbit for $adev (ifIndex $ifindex): $(tail -5 "$dir/snmpd.log")"
}

# The sources this file adds to the testbed file (after the declared and host sources).
remote_sources() { # remote_sources ID
  local dir=$STATE/$1
  if [ "$ARRAY_VIA" = redfish ]; then
    cat <<YAML
  - type: redfish               # the array node's BMC: its CPU usage sensor is the array cgroup's share
    host: $REMOTE_BMC_HOST
    url: $(sed -n 's/^url=//p' "$dir/bmc.out")
    role: array
    username: root
    password_file: $dir/bmc-password
    tls: {pin_sha256: "$(sed -n 's/^sha256=//p' "$dir/bmc.out")"}
    telemetry: poll
    interval: 1s
YAML
  fi
  if [ "$ARRAY_VIA" = ontap ]; then
    cat <<YAML
  - type: ontap                 # the array node's cluster: system:node cpu_busy is the array cgroup's share
    host: $REMOTE_ONTAP_HOST
    url: $(sed -n 's/^url=//p' "$dir/ontap.out")
    username: admin
    password_file: $dir/ontap-password
    tls: {pin_sha256: "$(sed -n 's/^sha256=//p' "$dir/ontap.out")"}
    tables: [system:node]
    interval: 1s
YAML
  fi
  if [ "$FABRIC_VIA" = snmp ]; then
    cat <<YAML
  - type: snmp                  # the array's own agent: IF-MIB of its fabric port (lab-only community, v2c)
    host: $REMOTE_AGENT_HOST
    agent: $(sed -n 's/^agentAddress udp://p' "$dir/snmpd.conf")
    version: 2c
    community: $(cat "$dir/snmp-community")
    role: array
    interval: 1s
YAML
  fi
}

# key=value lines `up` prints about what this file started.
remote_info() { # remote_info ID
  local dir=$STATE/$1
  [ "$ARRAY_VIA" = redfish ] && echo "bmc_url=$(sed -n 's/^url=//p' "$dir/bmc.out")"
  [ "$ARRAY_VIA" = ontap ] && echo "ontap_url=$(sed -n 's/^url=//p' "$dir/ontap.out")"
  [ "$FABRIC_VIA" = snmp ] && echo "snmp_agent=$(sed -n 's/^agentAddress udp://p' "$dir/snmpd.conf")"
  return 0
}

# Stops what remote_up started, and waits (up to 5 s) until it is gone; every step tolerates a
# missing part.
remote_down() { # remote_down ID NAME
  local id=$1 name=$2 dir=$STATE/$1 pid pids=()
  for pid in "$dir/bmc.pid" "$dir/ontap.pid"; do
    if [ -s "$pid" ]; then pids+=("$(cat "$pid")"); fi
  done
  for pid in $(ip netns pids "$name" 2>/dev/null); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = snmpd ] && pids+=("$pid")
  done
  [ ${#pids[@]} -eq 0 ] && return 0
  kill "${pids[@]}" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "${pids[@]}" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "${pids[@]}" 2>/dev/null || true
}
