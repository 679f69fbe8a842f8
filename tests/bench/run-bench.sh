#!/usr/bin/env bash
# The benchmark of docs/architecture.md, "Performance budget" in one command (also
# `bash scripts/dev.sh bench`):
#
#   bash tests/bench/run-bench.sh [STORE] [--memories N] [--json] [--runs K] [--window-runs K]
#                                 [--only key,key] [--build-dir DIR] [--scale SMALL,LARGE]
#                                 [--write-doc docs/performance.md] [--team]
#
# Builds recollector-cli, recollector and recollector-bench in DIR (default build/, the release preset),
# generates STORE (default DIR/bench-1m.recollector; DIR/bench-<N>.recollector for another --memories)
# with `recollector-cli generate --memories N` when it is missing — 1M memories + 5M associations,
# seed 1, a few minutes and ~1.6 GB — then runs recollector-bench on it. The table (figure, sqlite3
# floor, ratio, target, pass/fail) goes to stdout, progress to stderr; --json prints
# {"figures":{…},"floors":{…}} instead. The run's own output is kept in DIR/bench-last.txt
# (or DIR/bench-last.json), never under docs/.
# --write-doc FILE rewrites FILE's figures table (between <!-- figures:begin --> and
# <!-- figures:end -->) from this run, keeping its prose: `bash scripts/dev.sh bench --write-doc
# docs/performance.md` after a change that moves a figure. It needs a full run of the 1M store.
# --scale SMALL,LARGE (e.g. --scale 100000,1000000) runs the keys at both sizes (each store
# generated when missing) and prints, per key, both figures and their ratio beside n's ratio
# and n log n's: a key whose ratio is above n log n's grows faster than n log n (a finding).
# --team also measures the team store's keys (docs/team-store.md, "Decision cost") on a
# PostgreSQL 15 server of the run's own: initdb into DIR/bench-pg the first time (as the
# `postgres` user when run as root), started on a free port of 127.0.0.1 and stopped at the end;
# STORE is copied into its database once (copy-store; about ten minutes for 1M memories).
set -euo pipefail
invoked_from=$PWD
cd "$(dirname "$0")/../.."

build_dir=build
store=""
memories=1000000
pass=()
scale=""
team=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir="$2"; shift 2 ;;
    --memories) memories="$2"; shift 2 ;;
    --store) store="$2"; shift 2 ;;
    --json) pass+=("$1"); shift ;;
    --runs|--window-runs|--only|--recollector|--sqlite3) pass+=("$1" "$2"); shift 2 ;;
    --write-doc)
      case "$2" in /*) doc="$2" ;; *) doc="$invoked_from/$2" ;; esac
      pass+=("$1" "$doc"); shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --team) team=1; shift ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    --*) echo "run-bench.sh: unknown option $1" >&2; exit 2 ;;
    *) store="$1"; shift ;;
  esac
done
case "$memories" in
  ''|*[!0-9]*) echo "run-bench.sh: --memories needs a whole number" >&2; exit 2 ;;
esac

if [ -n "$scale" ]; then
  if [ -n "${doc-}" ]; then echo "run-bench.sh: --write-doc takes a full run, not --scale" >&2; exit 2; fi
  small="${scale%%,*}"; large="${scale##*,}"
  case "$small$large" in ''|*[!0-9]*) echo "run-bench.sh: --scale needs SMALL,LARGE whole numbers" >&2; exit 2 ;; esac
  for n in "$small" "$large"; do
    bash "$0" --build-dir "$build_dir" --memories "$n" --json ${pass[@]+"${pass[@]}"} > "$build_dir/bench-scale-$n.json"
  done
  # The figures of both runs side by side (Qt's indented JSON: one "key": value per line).
  awk -v small="$small" -v large="$large" '
    FNR == 1 { file++ }
    /"figures"/ { inFig = 1; next }
    /"floors"/ { inFig = 0 }
    inFig && /": / {
      key = $1; gsub(/[",:]/, "", key); value = $2; gsub(/,/, "", value)
      if (file == 1) a[key] = value; else { b[key] = value; order[++count] = key }
    }
    END {
      n = large / small; nlogn = n * log(large) / log(small)
      printf "%-24s %12s %12s %8s   (n x%.1f, n log n x%.1f)\n", "key", small, large, "ratio", n, nlogn
      for (i = 1; i <= count; i++) {
        k = order[i]
        if (a[k] == "null" && b[k] == "null") continue
        if (!(k in a) || a[k] == "null" || b[k] == "null" || a[k] + 0 <= 0) { printf "%-24s %12s %12s %8s\n", k, "-", b[k], "-"; continue }
        r = b[k] / a[k]
        printf "%-24s %12s %12s %8.2f   %s\n", k, a[k], b[k], r, (r > nlogn * 1.2 ? "FASTER THAN n log n" : "")
      }
    }' "$build_dir/bench-scale-$small.json" "$build_dir/bench-scale-$large.json"
  exit 0
fi

if [ $((memories % 1000000)) -eq 0 ]; then label="$((memories / 1000000))m"
elif [ $((memories % 1000)) -eq 0 ]; then label="$((memories / 1000))k"
else label="$memories"; fi
if [ -z "$store" ]; then
  store="$build_dir/bench-$label.recollector"
fi

if [ ! -f "$build_dir/build.ninja" ]; then
  if [ "$build_dir" = build ]; then cmake --preset release >/dev/null
  else cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null; fi
fi
echo "== building recollector-cli, recollector, recollector-bench ($build_dir)" >&2
cmake --build "$build_dir" --target recollector-cli recollector recollector-bench -j "$(nproc)" >&2

if [ ! -s "$store" ]; then
  echo "== generating $store ($memories memories, $((memories * 5)) associations)" >&2
  mkdir -p "$(dirname "$store")"
  "$build_dir/app/recollector-cli" --store "$store" generate --memories "$memories" --seed 1 >&2
fi

if [ -n "$team" ]; then
  team_store=$(bash tests/bench/bench-team-server.sh start "$build_dir" "$store" "bench_$label")
  trap 'bash tests/bench/bench-team-server.sh stop "$build_dir"' EXIT
  pass+=(--team-store "$team_store")
fi

echo "== recollector-bench on $store" >&2
dump="$build_dir/bench-last.txt"
case " ${pass[*]-} " in *" --json "*) dump="$build_dir/bench-last.json" ;; esac
"$build_dir/tests/bench/recollector-bench" --store "$store" --memories "$memories" ${pass[@]+"${pass[@]}"} | tee "$dump"
echo "== the run's output is in $dump" >&2
