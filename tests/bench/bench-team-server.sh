#!/usr/bin/env bash
# The benchmark's own PostgreSQL 15 server for the team store's keys (run-bench.sh --team):
#
#   bash tests/bench/bench-team-server.sh start BUILD_DIR STORE DATABASE   # prints the store's address
#   bash tests/bench/bench-team-server.sh stop BUILD_DIR
#
# start: initdb into BUILD_DIR/bench-pg the first time (trust on 127.0.0.1 only: a bench
# server, never a team's), starts it on a free port of 127.0.0.1 with its socket in that
# folder, and copies STORE into DATABASE with `recollector-cli copy-store` when DATABASE holds
# no memories yet. initdb and pg_ctl refuse to run as root: as root the folder is given to
# Debian's `postgres` user and they run as that user, as the tests' server does
# (tests/support/PgTestServer.h). Progress goes to stderr, the address to stdout.
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
user=recollector
what="$1"; build_dir="$2"
data="$(cd "$build_dir" && pwd)/bench-pg"

as_server() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "$what" = stop ]; then
  if [ -f "$data/postmaster.pid" ]; then as_server "$bin/pg_ctl" -D "$data" -m fast stop >&2 || true; fi
  exit 0
fi

store="$3"; database="$4"
if [ ! -f "$data/PG_VERSION" ]; then
  echo "== initdb $data" >&2
  mkdir -p "$data"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$data"; fi
  as_server "$bin/initdb" -D "$data" -U "$user" --auth=trust -E UTF8 --locale=C.UTF-8 >&2
fi
port=55440
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
echo "== PostgreSQL on 127.0.0.1:$port ($data)" >&2
as_server "$bin/pg_ctl" -D "$data" -w -l "$data/server.log" \
  -o "-p $port -k $data -c listen_addresses=127.0.0.1" start >&2
psql() { "$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U "$user" -d postgres -Atc "$1"; }
address="postgresql://$user@127.0.0.1:$port/$database?sslmode=disable"
if [ -z "$(psql "SELECT 1 FROM pg_database WHERE datname = '$database'")" ]; then
  psql "CREATE DATABASE $database" >&2
fi
held=$("$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U "$user" -d "$database" -Atc \
  "SELECT count(*) FROM memories" 2>/dev/null || echo 0)
if [ "$held" = 0 ]; then
  echo "== copying $store into $database (once)" >&2
  "$build_dir/app/recollector-cli" copy-store "$store" "$address" >&2
fi
echo "$address"
