#!/usr/bin/env bash
# kill -9 trials beyond the suite's 25 per operation:
#   bash scripts/kill-trials.sh [TRIALS_PER_OPERATION] [SEED]
# Kills recollector-cli with SIGKILL at random points of an import, a merge of 200 memories, a
# cleanup and a revert; after each kill the store must pass SQLite's integrity check and hold
# the operation either not at all or in full (tests/core/tst_kill_trials.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null
cmake --build --preset release --target core_kill_trials recollector-cli
RECOLLECTOR_KILL_TRIALS="${1:-100}" RECOLLECTOR_KILL_SEED="${2:-$RANDOM}" QT_QPA_PLATFORM=offscreen \
  build/tests/core_kill_trials -o -,txt 2>&1 | grep -E "QINFO|FAIL|Totals"
