#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (run as root, or with sudo available):
#   bash scripts/dev.sh run        install what is missing, build, start Recollector on the demo store
#   bash scripts/dev.sh test       install what is missing, build, run every test (not the benchmark)
#   bash scripts/dev.sh bench      install, build, generate the 1M store if missing, run recollector-bench
#   bash scripts/dev.sh sanitize   install, clang ASan + UBSan build (build-clang-asan/), every test under it
#   bash scripts/dev.sh fuzz [s]   install, build the libFuzzer targets, run each for s seconds (30)
#   bash scripts/dev.sh missing    list the packages below that are not installed (changes nothing)
#   bash scripts/dev.sh install    install only what is missing (a ready machine runs no apt command)
set -euo pipefail
cd "$(dirname "$0")/.."

# Real package names only: dpkg never reports a virtual one (libqt6charts6-dev) installed, so
# it would send every run to apt. clang, libclang-rt-14-dev (ASan/UBSan/libFuzzer runtimes),
# llvm (llvm-symbolizer, for readable sanitizer stacks) and lld (links five times faster than
# ld.bfd) are for `sanitize` and `fuzz`. Node.js and npm run the MCP SDK client test (tests/mcp):
# Debian's nodejs and npm, unless `node` and `npm` are already there (a NodeSource nodejs carries
# its own npm, and Debian's npm package would conflict with it).
# qt6-l10n-tools (lupdate, lrelease) and qt6-tools-dev (their CMake package, Qt6LinguistTools)
# build the translations (translations/) and run the i18n check.
# desktop-file-utils and appstream validate the .deb's desktop entry and metainfo (tests/packaging).
# libqt6sql6-psql is Qt's PostgreSQL driver (a team store, docs/team-store.md); postgresql is
# the server the tests start their own copy of (initdb and pg_ctl, tests/support/PgTestServer.h).
# wordnet-base is Princeton WordNet 3.0, read at build time only into the restatement check's
# table of word senses (cmake/WordNet.cmake, docs/scoring.md#restatements).
PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite qt6-charts-dev libqt6opengl6-dev libqt6svg6
  qt6-l10n-tools qt6-tools-dev
  libyaml-cpp-dev libsqlite3-dev libsodium-dev sqlite3 libarchive-dev libsimdjson-dev
  libgl-dev libxkbcommon-dev xvfb xauth fonts-dejavu-core fonts-noto-cjk
  clang libclang-rt-14-dev llvm lld
  desktop-file-utils appstream
  libqt6sql6-psql postgresql
  wordnet-base
)

missing_packages() {
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    printf '%s\n' nodejs npm
  fi
}

install_packages() {
  local missing=()
  mapfile -t missing < <(missing_packages)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

# The MCP SDK client test's node modules (tests/mcp, pinned by its package-lock.json): fetched
# only when missing or older than the lock file, so a ready machine never goes to the network.
install_node_modules() {
  local dir=tests/mcp
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules" ]; then
    echo "== installing the MCP SDK for the tests (npm ci in $dir)"
    (cd "$dir" && npm ci --no-audit --no-fund)
    touch "$dir/node_modules"
  fi
}

build() {
  echo "== configuring and building (build/)"
  cmake --preset release >/dev/null
  cmake --build --preset release -j "$(nproc)"
}

case "${1:-}" in
  run)
    install_packages
    build
    shift
    exec build/app/recollector --demo "$@"
    ;;
  test)
    install_packages
    install_node_modules
    build
    echo "== running the test suite"
    ctest --test-dir build --label-exclude bench --output-on-failure -j "$(nproc)" --timeout 900
    ;;
  bench)
    install_packages
    build
    shift
    exec bash tests/bench/run-bench.sh "$@"
    ;;
  sanitize)
    install_packages
    install_node_modules
    echo "== configuring and building the sanitizer build (build-clang-asan/)"
    cmake --preset clang-asan >/dev/null
    cmake --build --preset clang-asan -j "$(nproc)"
    echo "== running the test suite under ASan + UBSan"
    # The preset sets ASAN/LSAN/UBSAN_OPTIONS: any report fails its test.
    ctest --preset clang-asan -j "$(nproc)" --timeout 900
    ;;
  fuzz)
    install_packages
    shift
    exec bash scripts/fuzz.sh "$@"
    ;;
  missing)
    missing_packages
    ;;
  install)
    install_packages
    ;;
  *)
    echo "usage: bash scripts/dev.sh run|test|bench|sanitize|fuzz [seconds]|missing|install" >&2
    exit 2
    ;;
esac
