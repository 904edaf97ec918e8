#!/usr/bin/env bash
# Installs what is missing, builds everything (Release, with tests and benchmarks) and runs every
# test; then builds the core with AddressSanitizer + UndefinedBehaviorSanitizer and runs the core
# and CLI tests again under it. Fast when nothing changed (ninja + ccache).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
# Let ccache reuse objects across clones of the tree (paths are made relative to it).
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
jobs=$(nproc)
export QT_QPA_PLATFORM=offscreen

echo "== Release build and every test"
cmake --preset release -DVEIL_BUILD_TESTS=ON -DVEIL_BUILD_BENCH=ON >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

echo "== Core and CLI tests under ASan + UBSan"
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --preset asan -j "$jobs" -L "core|cli"
