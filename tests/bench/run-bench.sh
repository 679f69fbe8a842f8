#!/usr/bin/env bash
# The benchmark of docs/architecture.md, "Performance budget" in one command (also
# `bash scripts/dev.sh bench`):
#
#   bash tests/bench/run-bench.sh [STORE] [--memories N] [--json] [--runs K] [--window-runs K]
#                                 [--only key,key] [--build-dir DIR]
#
# Builds engram-cli, engram and engram-bench in DIR (default build/, the release preset),
# generates STORE (default DIR/bench-1m.engram; DIR/bench-<N>.engram for another --memories)
# with `engram-cli generate --memories N` when it is missing — 1M memories + 5M associations,
# seed 1, a few minutes and ~1.6 GB — then runs engram-bench on it. The table (figure, sqlite3
# floor, ratio, target, pass/fail) goes to stdout, progress to stderr; --json prints
# {"figures":{…},"floors":{…}} instead.
set -euo pipefail
cd "$(dirname "$0")/../.."

build_dir=build
store=""
memories=1000000
pass=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir="$2"; shift 2 ;;
    --memories) memories="$2"; shift 2 ;;
    --store) store="$2"; shift 2 ;;
    --json) pass+=("$1"); shift ;;
    --runs|--window-runs|--only|--engram|--sqlite3) pass+=("$1" "$2"); shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    --*) echo "run-bench.sh: unknown option $1" >&2; exit 2 ;;
    *) store="$1"; shift ;;
  esac
done
case "$memories" in
  ''|*[!0-9]*) echo "run-bench.sh: --memories needs a whole number" >&2; exit 2 ;;
esac

if [ -z "$store" ]; then
  if [ $((memories % 1000000)) -eq 0 ]; then label="$((memories / 1000000))m"
  elif [ $((memories % 1000)) -eq 0 ]; then label="$((memories / 1000))k"
  else label="$memories"; fi
  store="$build_dir/bench-$label.engram"
fi

if [ ! -f "$build_dir/build.ninja" ]; then
  if [ "$build_dir" = build ]; then cmake --preset release >/dev/null
  else cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null; fi
fi
echo "== building engram-cli, engram, engram-bench ($build_dir)" >&2
cmake --build "$build_dir" --target engram-cli engram engram-bench -j "$(nproc)" >&2

if [ ! -s "$store" ]; then
  echo "== generating $store ($memories memories, $((memories * 5)) associations)" >&2
  mkdir -p "$(dirname "$store")"
  "$build_dir/app/engram-cli" --store "$store" generate --memories "$memories" --seed 1 >&2
fi

echo "== engram-bench on $store" >&2
exec "$build_dir/tests/bench/engram-bench" --store "$store" --memories "$memories" "${pass[@]}"
