#!/usr/bin/env bash
# Runs every libFuzzer target (tests/fuzz) for SECONDS each (default 30), one after another:
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
# Builds them first in build-clang-fuzz/ (the clang-fuzz preset: ASan + UBSan, every library instrumented for libFuzzer).
# Each target starts from its seeds (tests/fuzz/corpus/<target>/, read only) and its format's
# dictionary; what it finds new is kept in build-clang-fuzz/fuzz/<target>/corpus/, so a longer
# run later goes on from there. Fails on any crash, sanitizer report, leak, timeout (one input
# running > 10 s) or out-of-memory (> 2 GB); the input that did it is kept under
# build-clang-fuzz/fuzz/<target>/artifacts/ and can be replayed with
#   build-clang-fuzz/tests/fuzz/fuzz_<target> <artifact>
# Needs clang, libclang-rt-14-dev and llvm (bash scripts/dev.sh fuzz installs them).
#
# A run is random unless FUZZ_SEED is set. With FUZZ_SEED=S (and FUZZ_RUNS=N: at most N inputs
# per target, the time still a cap) a run is a repeatable test: it starts from the seeds alone
# (what it finds goes to a fresh folder, not the kept corpus), and what would change its path
# from run to run is fixed:
# - Qt's hash seed (QHash's order);
# - the seeds' order: libFuzzer sorts them by size only, so equal sizes kept the folder's
#   listing order, which differs between file systems; they are passed as a list sorted by name;
# - the addresses (ASLR off through setarch -R, where the machine allows it, and the same
#   environment): libFuzzer learns from compared values, pointers among them, and a different
#   layout led it elsewhere;
# - no reloading of the corpus folder on a timer.
# Measured with FUZZ_RUNS=5000 on memoryset_yaml: 5 of 5 runs alike, where before 1 in 5 and
# any other seed folder strayed. With FUZZ_RUNS=20000, two clones at different paths on one
# machine ran the YAML targets alike, input for input; the JSON targets still differ between
# the two, likely because their binaries do (the sanitizers keep each source's absolute path;
# -ffile-prefix-map did not change the outcome). Another machine can stray as well, so fuzz
# open-ended, and with other seeds, before trusting it; open-ended fuzzing is a run without
# FUZZ_SEED. CI does not fuzz: the sanitizer suite replays every kept input (fuzz.<target>.seeds),
# which gives one answer for one commit on any machine.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-30}
shift || true
if ! [[ $seconds =~ ^[0-9]+$ ]]; then
  echo "usage: bash scripts/fuzz.sh [SECONDS] [TARGET...]" >&2
  exit 2
fi

build=build-clang-fuzz
echo "== building the fuzz targets ($build/)"
cmake --preset clang-fuzz >/dev/null
manifest=$build/fuzz-targets.txt
mapfile -t targets < <(awk '{print "fuzz_" $1}' "$manifest")
cmake --build --preset clang-fuzz -j "$(nproc)" --target "${targets[@]}"

# Leak detection on (no suppressions): a fuzz target runs only recollector's readers and Qt Core.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
symbolizer=$(command -v llvm-symbolizer || true)
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH=$symbolizer

repeatable=()
fixedLayout=()
if [ -n "${FUZZ_SEED:-}" ]; then
  repeatable=(-seed="$FUZZ_SEED" -reload=0)
  export QT_HASH_SEED=0
  [ -n "${FUZZ_RUNS:-}" ] && repeatable+=(-runs="$FUZZ_RUNS")
  # The same environment on every machine: its size moves the stack, and so the addresses.
  fixedLayout=(env -i PATH=/usr/bin:/bin ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" QT_HASH_SEED=0)
  setarch -R true 2>/dev/null && fixedLayout+=(setarch -R)
  fresh=$(mktemp -d /tmp/recollector-fuzz.XXXXXXXXXX) # one length of path everywhere, as the paths below
  trap 'rm -rf "$fresh"' EXIT
  echo "== repeatable run: seed $FUZZ_SEED, at most ${FUZZ_RUNS:-unlimited} inputs per target" \
    "$([[ " ${fixedLayout[*]} " == *" setarch "* ]] && echo "(addresses fixed)")"
fi

failed=()
summary=()
while read -r name format exe; do
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
    continue
  fi
  work=$build/fuzz/$name
  exe=$(realpath --relative-to=. "$exe") # the same argv wherever the clone is
  seeds=(tests/fuzz/corpus/$name)
  corpus=$work/corpus
  if [ -n "${FUZZ_SEED:-}" ]; then
    corpus=$fresh/$name
    find "tests/fuzz/corpus/$name" -type f | LC_ALL=C sort | paste -sd, >"$fresh/$name.seeds"
    seeds=(-seed_inputs="@$fresh/$name.seeds")
  fi
  mkdir -p "$corpus" "$work/artifacts"
  echo "== fuzzing $name for ${seconds} s"
  rc=0
  "${fixedLayout[@]}" "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    "${repeatable[@]}" -print_final_stats=1 -dict="tests/fuzz/$format.dict" \
    -artifact_prefix="$work/artifacts/" "$corpus" "${seeds[@]}" </dev/null >"$work/log" 2>&1 || rc=$?
  runs=$(awk '/stat::number_of_executed_units:/ {print $2}' "$work/log" | tail -1)
  rate=$(awk '/stat::average_exec_per_sec:/ {print $2}' "$work/log" | tail -1)
  cov=$(grep -Eo 'cov: [0-9]+' "$work/log" | tail -1 | awk '{print $2}')
  if [ "$rc" -ne 0 ]; then
    tail -60 "$work/log"
    failed+=("$name (exit $rc; log $work/log; input in $work/artifacts/)")
    summary+=("$(printf '%-16s FAILED  %10s runs  %6s/s  cov %s' "$name" "${runs:-?}" "${rate:-?}" "${cov:-?}")")
  else
    summary+=("$(printf '%-16s ok      %10s runs  %6s/s  cov %s' "$name" "${runs:-?}" "${rate:-?}" "${cov:-?}")")
  fi
done <"$manifest"

echo "== fuzzing summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
