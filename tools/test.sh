#!/usr/bin/env bash
# Installs what is missing, then proves the tree: clang-format check; Release build (gcc, -Werror)
# and every test; core and CLI tests again (the statistical audits excepted) under ASan + UBSan
# (clang), which also builds the libFuzzer targets; every fuzz target for VEIL_FUZZ_SECONDS (30)
# each, one per core at a time; clang-tidy over core against its baseline; the parallel sweeps
# and the lattice search's batches under ThreadSanitizer.
# Fast when nothing changed (ninja + ccache). VEIL_CI_SKIP="tidy tsan" skips stages by name.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
# Let ccache reuse objects across clones of the tree (paths are made relative to it).
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
jobs=$(nproc)
export QT_QPA_PLATFORM=offscreen
skip=" ${VEIL_CI_SKIP:-} "
start=$SECONDS
stage() { echo "== $1 (at $(( (SECONDS - start) / 60 )) min)"; }
wanted() { [[ $skip != *" $1 "* ]]; }

stage "clang-format check"
git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run -Werror

stage "Release build (-Werror) and every test"
cmake --preset release -DVEIL_BUILD_TESTS=ON -DVEIL_BUILD_BENCH=ON -DVEIL_WERROR=ON >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

stage "Core and CLI tests (the bad-input corpus included) under ASan + UBSan"
# The statistical audits (label audit) repeat release paths whose suites run here; Release runs them.
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --preset asan -j "$jobs" -L "core|cli" -LE audit

if wanted fuzz; then
  stage "Fuzzing every reader"
  tools/fuzz.sh "${VEIL_FUZZ_SECONDS:-30}"
fi

if wanted tidy; then
  stage "clang-tidy over core"
  tools/tidy.sh
fi

if wanted tsan; then
  stage "ThreadSanitizer: the parallel sweeps, CSV reader and lattice batches"
  cmake --preset tsan >/dev/null
  cmake --build --preset tsan -j "$jobs" --target tst_eval_sweep tst_eval_anonymity_sweep tst_csv_parallel tst_groupify
  ctest --preset tsan -j "$jobs"
fi
stage "done"
