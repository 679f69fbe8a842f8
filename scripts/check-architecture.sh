#!/usr/bin/env bash
# Checks docs/architecture.md's library table (after <a id="library-table">) against the link
# graph CMake configured, and names every difference:
#   bash scripts/check-architecture.sh [BUILD_DIR]     (default build/; configure it first)
# The graph is BUILD_DIR/docs-link-graph.txt, written at configure time by tests/docs from each
# target's LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES (the test docs.architecture runs this).
# Table columns: target | folder | links (public) | inside (private) | note. Names in the table:
# core libraries without `recollector_` (`core` for recollector_core, `ui` for recollector_ui),
# Qt modules as "Qt Core", and SQLite, libsodium, libarchive, simdjson, yaml-cpp.
# recollector_warnings, which every target links, is left out.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
graph="$build/docs-link-graph.txt"
doc="$root/docs/architecture.md"
if [ ! -s "$graph" ]; then
  echo "check-architecture: $graph is missing: configure the build first (cmake --preset release)" >&2
  exit 2
fi

# One awk pass: the graph's names mapped to the table's, both sides sorted, then compared.
awk -v doc="$doc" '
  function sorted(list, sep,    n, parts, i, j, t, out) {
    n = split(list, parts, sep)
    out = ""
    for (i = 1; i <= n; i++) {
      gsub(/^ +| +$/, "", parts[i])
    }
    for (i = 1; i <= n; i++)        # insertion sort: lists are short
      for (j = i + 1; j <= n; j++)
        if (parts[j] < parts[i]) { t = parts[i]; parts[i] = parts[j]; parts[j] = t }
    for (i = 1; i <= n; i++)
      if (parts[i] != "") out = out (out == "" ? "" : ", ") parts[i]
    return out
  }
  function docName(name) {
    sub(/^recollector_/, "", name); sub(/^Qt6::/, "Qt ", name)
    if (name == "SQLite::SQLite3") return "SQLite"
    if (name == "PkgConfig::sodium") return "libsodium"
    if (name == "PkgConfig::LibArchive") return "libarchive"
    if (name == "simdjson::simdjson") return "simdjson"
    if (name == "warnings") return ""
    return name
  }
  function docList(list,    n, parts, i, out) {
    n = split(list, parts, ";")
    out = ""
    for (i = 1; i <= n; i++) out = out ";" docName(parts[i])
    return sorted(out, ";")
  }
  function orNothing(list) { return list == "" ? "nothing" : list }
  function differ(text) { print "docs/architecture.md, library table: " text; differences++ }
  FNR == NR {                                   # the graph: target|public|private
    split($0, f, "|")
    if (f[1] == "") next
    codePublic[f[1]] = docList(f[2]); codePrivate[f[1]] = docList(f[3]); codeCount++
    next
  }
  /<a id="library-table"><\/a>/ { on = 1; next }
  on && /^\|/ {                                 # | target | folder | links | inside | note |
    seen = 1
    split($0, c, "|")
    target = c[2]; gsub(/[` ]/, "", target)
    if (target == "target" || target ~ /^-+$/) next
    tablePublic[target] = sorted(c[4], ","); tablePrivate[target] = sorted(c[5], ",")
    next
  }
  on && seen { on = 0 }
  END {
    if (!seen) { print "check-architecture: no table after <a id=\"library-table\"></a> in " doc > "/dev/stderr"; exit 1 }
    for (t in codePublic) {
      if (!(t in tablePublic)) {
        differ(t " is missing (CMake: links " orNothing(codePublic[t]) "; inside " orNothing(codePrivate[t]) ")")
        continue
      }
      if (tablePublic[t] != codePublic[t])
        differ(t " links \"" tablePublic[t] "\", CMake says \"" codePublic[t] "\"")
      if (tablePrivate[t] != codePrivate[t])
        differ(t " inside \"" tablePrivate[t] "\", CMake says \"" codePrivate[t] "\"")
    }
    for (t in tablePublic)
      if (!(t in codePublic)) differ(t " is no target of core/, ui/ or app/")
    if (differences) {
      print "check-architecture: " differences " difference(s); fix the table or the CMake link graph" > "/dev/stderr"
      exit 1
    }
    print "check-architecture: docs/architecture.md'"'"'s library table matches the link graph (" codeCount " targets)"
  }' "$graph" "$doc"
