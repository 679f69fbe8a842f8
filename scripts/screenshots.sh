#!/usr/bin/env bash
# Regenerates the pictures in packaging/screenshots/ and docs/screenshots/ (offscreen, on the demo store):
#   bash scripts/screenshots.sh        (after `bash scripts/dev.sh test` has built everything)
# The main window comes from `recollector --demo` with RECOLLECTOR_SCREENSHOT; the dialogs and views
# from their own GUI tests, which save what they show when RECOLLECTOR_SCREENSHOT_DIR is set.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/packaging/screenshots"
mkdir -p "$out"
# On a 1600×1000 screen, as the window tests run: the window never opens larger than its screen.
export QT_QPA_PLATFORM="offscreen:configfile=$PWD/tests/gui/screen-1600x1000.json" LC_ALL=C.UTF-8
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
HOME="$home" XDG_RUNTIME_DIR="$home" RECOLLECTOR_SCREENSHOT="$out/main-window.png" build/app/recollector --demo >/dev/null 2>&1
HOME="$home" XDG_RUNTIME_DIR="$home" RECOLLECTOR_SCREENSHOT_SIZE=1024x700 RECOLLECTOR_SCREENSHOT="$PWD/docs/screenshots/main-window-1024x700.png" \
  build/app/recollector --demo >/dev/null 2>&1
# The window in Simplified Chinese (docs/user-guide.md, "Language"), both sizes.
HOME="$home" XDG_RUNTIME_DIR="$home" RECOLLECTOR_LANG=zh_CN RECOLLECTOR_SCREENSHOT="$out/main-window-zh_CN.png" \
  build/app/recollector --demo >/dev/null 2>&1
HOME="$home" XDG_RUNTIME_DIR="$home" RECOLLECTOR_LANG=zh_CN RECOLLECTOR_SCREENSHOT_SIZE=1024x700 \
  RECOLLECTOR_SCREENSHOT="$PWD/docs/screenshots/main-window-zh_CN-1024x700.png" build/app/recollector --demo >/dev/null 2>&1
# An attached Claude Code memory folder (the fixture, as a project of a temporary home).
mkdir -p "$home/.claude/projects/-home-dev-recollector"
cp -r tests/data/attach/claude-memory "$home/.claude/projects/-home-dev-recollector/memory"
HOME="$home" XDG_RUNTIME_DIR="$home" RECOLLECTOR_SCREENSHOT="$out/attached-claude-memory.png" \
  build/app/recollector --attach "$home/.claude/projects/-home-dev-recollector/memory" >/dev/null 2>&1
for t in associationgraph decaychart conflictdialog conflictlist reviewqueue importpreviewdialog exportdialog \
         cleanuppreviewdialog retrievalplayground settingsdialog; do
  HOME="$home" RECOLLECTOR_SCREENSHOT_DIR="$out" "build/tests/ui_$t" >/dev/null 2>&1 || echo "screenshots: ui_$t failed" >&2
done
# The review inbox (Review ▸ Changes) at the two sizes the README shows.
HOME="$home" RECOLLECTOR_SCREENSHOT_DIR="$PWD/docs/screenshots" build/tests/gui_changes_window >/dev/null 2>&1 \
  || echo "screenshots: gui_changes_window failed" >&2
# Review ▸ Duplicates at the same two sizes.
HOME="$home" RECOLLECTOR_SCREENSHOT_DIR="$PWD/docs/screenshots" build/tests/gui_duplicates_window >/dev/null 2>&1 \
  || echo "screenshots: gui_duplicates_window failed" >&2
# File ▸ Connect to Team Store… at both sizes (on the tests' own PostgreSQL server).
HOME="$home" RECOLLECTOR_SCREENSHOT_DIR="$PWD/docs/screenshots" build/tests/gui_team_store_window \
  connectDialogAsksForThePasswordAndOpensTheStore >/dev/null 2>&1 || echo "screenshots: gui_team_store_window failed" >&2
# File ▸ Copy Store… after a copy into a team store, at both sizes.
HOME="$home" RECOLLECTOR_SCREENSHOT_DIR="$PWD/docs/screenshots" build/tests/gui_team_store_window \
  copyStoreCopiesTheOpenStoreBothWays >/dev/null 2>&1 || echo "screenshots: gui_team_store_window failed" >&2
# A reviewer's window on a team store (read-only, the reason in the status bar), both sizes.
HOME="$home" RECOLLECTOR_SCREENSHOT_DIR="$PWD/docs/screenshots" build/tests/gui_team_store_window \
  aReviewersWindowDecidesNothingAndSaysWhy >/dev/null 2>&1 || echo "screenshots: gui_team_store_window failed" >&2
# A memory's history on a team store, naming the role of the program that decided, both sizes.
HOME="$home" RECOLLECTOR_SCREENSHOT_DIR="$PWD/docs/screenshots" build/tests/gui_team_store_window \
  anotherProcessesDecisionShowsWithinASecond >/dev/null 2>&1 || echo "screenshots: gui_team_store_window failed" >&2
ls -1 "$out"
