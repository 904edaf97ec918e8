#!/usr/bin/env bash
# Installs the Debian 12 packages Veil needs to build, test and run, and only those missing:
# the toolchain and libraries, clang for the sanitizer, fuzz and tidy stages of CI, and PostgreSQL
# and ClickHouse for the tests that start private servers (never a system service).
# Idempotent: when everything is there it only runs dpkg-query (well under a second).
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev libxkbcommon-dev qt6-qpa-plugins
  libeigen3-dev libboost-graph-dev libglpk-dev libsodium-dev libsqlite3-dev sqlite3 libzip-dev libpq-dev libpugixml-dev
  nlohmann-json3-dev libcli11-dev
  xvfb xauth dpkg-dev file
  clang libclang-rt-dev clang-format clang-tidy
  postgresql clickhouse-server clickhouse-client
)

missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo; missing: ${missing[*]}" >&2; exit 1; }
  SUDO="sudo"
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
