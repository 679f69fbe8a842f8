#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (run as root, or with sudo available):
#   bash scripts/dev.sh run     install what is missing, build, start Engram on the demo store
#   bash scripts/dev.sh test    install what is missing, build, run every test (not the benchmark)
#   bash scripts/dev.sh bench   install, build, generate the 1M store if missing, run engram-bench
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite libqt6charts6-dev libqt6opengl6-dev libqt6svg6
  libyaml-cpp-dev libsqlite3-dev libsodium-dev sqlite3
  libgl-dev libxkbcommon-dev xvfb xauth fonts-dejavu-core fonts-noto-cjk
)

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
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
    exec build/app/engram --demo "$@"
    ;;
  test)
    install_packages
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
  *)
    echo "usage: bash scripts/dev.sh run|test|bench" >&2
    exit 2
    ;;
esac
