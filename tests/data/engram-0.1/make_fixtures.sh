#!/usr/bin/env bash
# Writes this folder's fixtures with the last Engram build (main 9d26d40, before the rename):
#   git worktree add /tmp/engram 9d26d40 && cmake --preset release -S /tmp/engram && \
#   cmake --build /tmp/engram/build --target engram-cli
#   ENGRAM_CLI=/tmp/engram/build/app/engram-cli bash tests/data/engram-0.1/make_fixtures.sh
# What it writes is described in README.md beside it; tests/core/tst_engram_compat.cpp reads it.
set -euo pipefail
cli=${ENGRAM_CLI:?set ENGRAM_CLI to the last Engram build of engram-cli}
out=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
export QT_LOGGING_RULES="*.debug=false;engram.*=false"
store="$work/store.engram"
id_of() { sed -n 's/.*"id": *"\([^"]*\)".*/\1/p' | head -1; }

a=$("$cli" --store "$store" --json add --content "The user prefers tabs over spaces in Go code" \
      --keywords tabs,spaces,go --category stable_preference | id_of)
b=$("$cli" --store "$store" --json add --content "The payments service deploys on Tuesdays" \
      --keywords payments,deploy,tuesday --project /home/dev/shop | id_of)
"$cli" --store "$store" --json add --content "Carol leads the payments team" --keywords carol,payments >/dev/null
"$cli" --store "$store" confirm "$a" >/dev/null
"$cli" --store "$store" reinforce "$b" >/dev/null
"$cli" --store "$store" export "$out/set.json" >/dev/null

# A passphrase, and a fourth memory sealed under it (level 3).
printf 'correct horse battery staple\n' > "$out/passphrase.txt"
"$cli" --store "$store" passphrase --new-file "$out/passphrase.txt" --kdf interactive >/dev/null
c=$("$cli" --store "$store" --json add --content "The user's bank PIN hint is the year the cat was adopted" \
      --keywords bank,pin | id_of)
"$cli" --store "$store" --passphrase-file "$out/passphrase.txt" edit "$c" --sensitivity 3 >/dev/null
cp "$store" "$out/store.engram"

# An agent folder Engram was attached to, one memory deleted there (its file in .engram-trash).
agent="$work/agent/memory"
mkdir -p "$agent"
n=0
for text in "Use vitest for unit tests" "The staging database is reset every Monday" \
            "Release notes are written in the pull request" "Prefer small pull requests"; do
  n=$((n + 1))
  cat > "$agent/1a2b000$n.json" <<JSON
{
  "id": "1a2b000$n",
  "content": "$text",
  "category": "pattern",
  "keywords": [],
  "confidence": 0.7,
  "importance": 6,
  "tier": "hot",
  "createdAt": "2025-03-0${n}T09:00:00.000Z",
  "updatedAt": "2025-03-0${n}T09:00:00.000Z",
  "accessCount": 1,
  "lastAccessedAt": "2025-03-0${n}T09:00:00.000Z"
}
JSON
done
"$cli" --attach "$agent" edit 1a2b0002 --importance 0.4 >/dev/null
"$cli" --attach "$agent" delete 1a2b0003 >/dev/null
rm -rf "$out/agent"
cp -r "$work/agent" "$out/agent"
cp "$work/data/Engram/Engram/attached/"*.engram "$out/agent-side.engram"

# An agent folder Engram exported: Engram's own importance under its key, engramImportance.
"$cli" --store "$work/exported.engram" add --content "Deploys need two approvals" --importance 0.4 >/dev/null
rm -rf "$out/agent-export"
"$cli" --store "$work/exported.engram" export "$out/agent-export" --format folder >/dev/null
ls -la "$out" "$out/agent" "$out/agent/.engram-trash" "$out/agent-export"
