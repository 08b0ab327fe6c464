#!/usr/bin/env bash
# Builds TimescaleDB 2.28.3 from ../shared/vendor/timescaledb (see its README) and runs it in a
# private PostgreSQL 15 cluster with the library preloaded, on its own port, so the tests can run
# the storage path on TimescaleDB as well as on plain PostgreSQL.
#
# Nothing under /usr and nothing of the machine's own cluster is changed: the extension is installed
# into a copy of /usr/lib/postgresql/15 and /usr/share/postgresql/15 (the PostgreSQL binary finds its
# share and lib directories relative to itself), kept in a cache keyed by what went into it.
#
# Two clusters from the same tree: one with the library preloaded (port, default 5433) and one where
# the extension is available but not preloaded (port + 1), which the analyzer must not mistake for
# TimescaleDB.
#
# Output contract: on success stdout holds NAME=value lines for the tests (HEADROOM_TIMESCALE_PG,
# HEADROOM_TIMESCALE_UNLOADED_PG); everything else goes to stderr. Where the vendored source is absent it
# says so and prints nothing on stdout (exit 0): the TimescaleDB test run is then skipped.
# Idempotent: clusters of the same build already answering on their ports are reused.
# Usage: .ci/timescaledb.sh (build if needed, start, print the variables) | .ci/timescaledb.sh stop
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
# shared/vendor next to the checkout or next to any directory above it (a CI clone may sit deeper
# than the developers' checkout), as the tests look for shared/fixtures
find_vendor() {
  local d=$repo
  while [ "$d" != "/" ]; do
    [ -d "$d/../shared/vendor" ] && { (cd "$d/../shared/vendor" && pwd); return; }
    d=$(dirname "$d")
  done
  # this machine kind keeps it at /work/shared; a clone elsewhere (CI) still finds it there
  if [ -d /work/shared/vendor ]; then echo /work/shared/vendor; else echo "$repo/../shared/vendor"; fi
}
vendor=${HEADROOM_VENDOR_DIR:-$(find_vendor)}/timescaledb
cache_root=${HEADROOM_TIMESCALE_CACHE:-/var/cache/headroom/timescaledb}
state_dir=${HEADROOM_TIMESCALE_STATE:-/var/lib/headroom/timescaledb-pg15}
port=${HEADROOM_TIMESCALE_PORT:-5433}
version=2.28.3
pg_major=15
# Bump when the build recipe below changes, so cached trees built the old way are not reused.
recipe=1

log() { printf '[timescaledb %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

tarball=$vendor/timescaledb-$version.tar.gz
patch_file=$vendor/job-portal.patch
if [ ! -f "$tarball" ] || [ ! -f "$patch_file" ]; then
  log "no vendored TimescaleDB source at $vendor (expected timescaledb-$version.tar.gz and job-portal.patch):"
  log "the TimescaleDB test run is SKIPPED; the tests run on plain PostgreSQL only"
  exit 0
fi
[ "$(id -u)" -eq 0 ] || die "must run as root (installs build packages, runs the cluster as user postgres)"

install_build_packages() {
  local missing=()
  for pkg in postgresql-$pg_major postgresql-server-dev-$pg_major cmake gcc make libssl-dev; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # another apt-get (the machine's own, or .ci/run's) may hold the lock: wait for it, and stop
    # here if the install fails rather than compile against missing headers
    apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 \
      && apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null \
      || die "could not install ${missing[*]} (apt-get failed)"
  fi
}

verify_source() {
  (cd "$vendor" && sha256sum --quiet -c SHA256SUMS) >&2 || die "checksum mismatch in $vendor/SHA256SUMS"
}

pg_lib=/usr/lib/postgresql/$pg_major
pg_share=/usr/share/postgresql/$pg_major

# Key: the source, the patch, the recipe and the PostgreSQL build the tree copies and links against.
cache_key() {
  {
    sha256sum <"$tarball"
    sha256sum <"$patch_file"
    echo "recipe=$recipe"
    "$pg_lib/bin/postgres" --version
  } | sha256sum | cut -c1-16
}

# Builds the extension and assembles tree/usr/{lib,share}/postgresql/15 into $1 (a fresh directory).
build_tree() {
  local work=$1 started=$SECONDS
  log "building TimescaleDB $version (cmake + make -j$(nproc); about 2 minutes idle, 4+ under load)"
  mkdir -p "$work/src" "$work/stage" "$work/tree"
  tar -xzf "$tarball" -C "$work/src" --strip-components=1
  local src=$work/src
  [ -x "$src/bootstrap" ] || die "no bootstrap script at the top of $tarball"
  (cd "$src" && patch -p0 --forward --quiet <"$patch_file") >&2 || die "job-portal.patch does not apply"
  (cd "$src" && ./bootstrap -DPG_CONFIG="$pg_lib/bin/pg_config" -DREGRESS_CHECKS=OFF -DTAP_CHECKS=OFF \
      -DWARNINGS_AS_ERRORS=OFF -DCMAKE_BUILD_TYPE=Release -DGENERATE_DOWNGRADE_SCRIPT=OFF \
      -DSEND_TELEMETRY_DEFAULT=OFF) >"$work/build.log" 2>&1 \
    || { tail -n 40 "$work/build.log" >&2; die "cmake configuration failed (log: $work/build.log)"; }
  make -C "$src/build" -j"$(nproc)" >>"$work/build.log" 2>&1 \
    || { tail -n 40 "$work/build.log" >&2; die "make failed (log: $work/build.log)"; }
  make -C "$src/build" install DESTDIR="$work/stage" >>"$work/build.log" 2>&1 \
    || { tail -n 40 "$work/build.log" >&2; die "make install failed (log: $work/build.log)"; }
  mkdir -p "$work/tree/usr/lib/postgresql" "$work/tree/usr/share/postgresql"
  cp -a "$pg_lib" "$work/tree/usr/lib/postgresql/"
  cp -a "$pg_share" "$work/tree/usr/share/postgresql/"
  cp -a "$work/stage/usr/." "$work/tree/usr/"
  [ -f "$work/tree$pg_share/extension/timescaledb.control" ] || die "the build installed no timescaledb.control"
  rm -rf "$work/src" "$work/stage"
  log "built in $((SECONDS - started)) s"
}

# The private tree for this key, built once per machine.
ensure_tree() {
  local key=$1 dir=$cache_root/$1
  if [ -f "$dir/complete" ]; then
    log "reusing the cached build $dir"
  else
    local work=$cache_root/build.$$
    rm -rf "$work"
    trap 'rm -rf "$work"' EXIT
    install_build_packages
    verify_source
    build_tree "$work"
    rm -rf "$dir"
    mv "$work/tree" "$dir"
    echo "timescaledb $version, patched with job-portal.patch, built $(date -u +%FT%TZ)" >"$dir/complete"
    rm -rf "$work"
    trap - EXIT
  fi
  echo "$dir"
}

# fd 9 (the lock) is closed for the child: a server started with it open would hold the lock for ever.
as_postgres() { runuser -u postgres -- "$@" 9>&-; }

psql_at() {
  "$pg_lib/bin/psql" -X -q -t -A -h 127.0.0.1 -p "$1" -U postgres -d postgres -c "$2" 2>/dev/null
}

# "t" when the server on port $1 is this build (TimescaleDB $version available) with the library
# preloaded as $2 says ("t" or "f").
is_ours() {
  [ "$(psql_at "$1" "select (current_setting('shared_preload_libraries') like '%timescaledb%') = '$2'::boolean
      and exists (select 1 from pg_available_extensions
                  where name = 'timescaledb' and default_version = '$version')")" = t ]
}

init_cluster() {
  local tree=$1 dir=$2 port=$3 preload=$4
  log "creating the private cluster $dir (port $port, timescaledb preloaded: $preload)"
  rm -rf "$dir"
  mkdir -p "$dir"
  chown postgres:postgres "$dir"
  as_postgres "$tree$pg_lib/bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  {
    echo
    echo "# headroom: private cluster for the tests (.ci/timescaledb.sh); throwaway data, so no fsync"
    echo "port = $port"
    echo "listen_addresses = '127.0.0.1'"
    echo "unix_socket_directories = '$dir'"
    echo "fsync = off"
    echo "synchronous_commit = off"
    echo "full_page_writes = off"
    if [ "$preload" = t ]; then
      echo "shared_preload_libraries = 'timescaledb'"
      echo "timescaledb.telemetry_level = off"
    else
      # Available but not loaded: the case where the analyzer must choose plain partitions. The
      # setting below, which only the library would define, stays a bare placeholder here; the
      # analyzer must not mistake it for the loaded library.
      echo "timescaledb.max_background_workers = 4"
    fi
  } >>"$dir/data/postgresql.conf"
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$dir/data/pg_hba.conf"
  echo "$tree" >"$dir/tree"
}

# Starts (or reuses) the cluster in $2 on port $3 from the tree $1; $4: preload timescaledb (t/f).
ensure_cluster() {
  local tree=$1 dir=$2 port=$3 preload=$4
  if "$pg_lib/bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
    if [ "$(cat "$dir/tree" 2>/dev/null)" = "$tree" ] && is_ours "$port" "$preload"; then
      log "reusing the running cluster on 127.0.0.1:$port"
      return
    fi
    [ -f "$dir/data/postmaster.pid" ] \
      || die "port $port answers but is not this script's cluster; set HEADROOM_TIMESCALE_PORT to free ports"
    log "the cluster on port $port was started from another build or setup; stopping it"
    as_postgres "$(cat "$dir/tree")$pg_lib/bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  fi
  if [ ! -f "$dir/data/PG_VERSION" ] || [ "$(cat "$dir/tree" 2>/dev/null)" != "$tree" ]; then
    init_cluster "$tree" "$dir" "$port" "$preload"
  fi
  as_postgres "$tree$pg_lib/bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null \
    || { tail -n 20 "$dir/server.log" >&2; die "the private cluster in $dir did not start (log: $dir/server.log)"; }
  is_ours "$port" "$preload" || die "the private cluster on port $port is not set up as expected (preload: $preload)"
}

# `.ci/timescaledb.sh stop`: stops both private clusters (their data stays for the next start).
stop_clusters() {
  for dir in "$state_dir/preloaded" "$state_dir/unloaded"; do
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_postgres "$(cat "$dir/tree")$pg_lib/bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
      log "stopped the cluster in $dir"
    fi
  done
}

main() {
  if [ "${1:-}" = stop ]; then
    stop_clusters
    return
  fi
  mkdir -p "$cache_root"
  exec 9>"$cache_root/.lock"
  flock 9
  local key tree
  key=$(cache_key)
  tree=$(ensure_tree "$key")
  ensure_cluster "$tree" "$state_dir/preloaded" "$port" t
  ensure_cluster "$tree" "$state_dir/unloaded" "$((port + 1))" f
  log "TimescaleDB $version preloaded in PostgreSQL $("$tree$pg_lib/bin/postgres" --version | awk '{print $3}')" \
      "on 127.0.0.1:$port; available but not preloaded on 127.0.0.1:$((port + 1))"
  echo "HEADROOM_TIMESCALE_PG=127.0.0.1:$port"
  echo "HEADROOM_TIMESCALE_UNLOADED_PG=127.0.0.1:$((port + 1))"
}

main "$@"
