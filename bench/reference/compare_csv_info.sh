#!/bin/sh
# `veil-cli info FILE --json` side by side with DuckDB (2 threads: CREATE TABLE from the CSV, then
# exact distinct, missing, min and max of every column) and `cut -d, -f1`, whole process under
# /usr/bin/time. Benchmark-only: DuckDB comes from npm (@duckdb/node-api), never a build dependency.
# Usage: bench/reference/compare_csv_info.sh [BUILD_DIR [CSV]]
#   defaults: build/release and /tmp/veil_bench_1000000.csv (written by bench_csv when missing).
set -eu
BUILD=${1:-build/release}
FILE=${2:-/tmp/veil_bench_1000000.csv}
RUNS=${RUNS:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
DUCK=${DUCKDB_DIR:-/tmp/veil_duckdb}
[ -f "$FILE" ] || "$BUILD/bench/bench_csv" 1000000 "$FILE" >/dev/null
if [ ! -d "$DUCK/node_modules/@duckdb/node-api" ]; then
    mkdir -p "$DUCK" && (cd "$DUCK" && npm install --silent @duckdb/node-api >/dev/null)
fi
cp "$HERE/duckdb_info.mjs" "$DUCK/"
cat "$FILE" >/dev/null  # warm the page cache for all three

i=0
while [ "$i" -lt "$RUNS" ]; do
    /usr/bin/time -f "veil-cli info:  %e s wall, %U s user, %M KB max RSS" \
        "$BUILD/app/cli/veil-cli" info "$FILE" --json >/dev/null
    /usr/bin/time -o "$DUCK/time.txt" -f "duckdb:         %e s wall, %U s user, %M KB max RSS" \
        node "$DUCK/duckdb_info.mjs" "$FILE" >/dev/null 2>&1
    cat "$DUCK/time.txt"
    /usr/bin/time -f "cut -d, -f1:    %e s wall" cut -d, -f1 "$FILE" >/dev/null
    i=$((i + 1))
done
