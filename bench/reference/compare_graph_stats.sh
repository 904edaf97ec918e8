#!/bin/sh
# `veil-cli graph stats FILE --json` side by side with python3-igraph (load, list triangles,
# degrees), whole process under /usr/bin/time, then the load / statistics split of each.
# Benchmark-only; python3-igraph is never a build dependency (Debian: apt install python3-igraph).
# Usage: bench/reference/compare_graph_stats.sh [BUILD_DIR [EDGE_LIST]]
#   defaults: build/release and /tmp/veil_ba_1m.edges (written by bench_graph when missing:
#   Barabasi-Albert, 200,000 nodes, m = 5, 1,000,000 edges, seed 42).
set -eu
BUILD=${1:-build/release}
FILE=${2:-/tmp/veil_ba_1m.edges}
RUNS=${RUNS:-5}
HERE=$(dirname "$0")
[ -f "$FILE" ] || "$BUILD/bench/bench_graph" --write-ba "$FILE"
cat "$FILE" >/dev/null  # warm the page cache for both

i=0
while [ "$i" -lt "$RUNS" ]; do
    /usr/bin/time -f "veil-cli graph stats: %e s wall, %U s user, %S s sys, %M KB max RSS" \
        "$BUILD/app/cli/veil-cli" graph stats "$FILE" --json >/dev/null
    /usr/bin/time -f "python3-igraph:       %e s wall, %U s user, %S s sys, %M KB max RSS" \
        /usr/bin/python3 "$HERE/igraph_stats.py" "$FILE" >/dev/null
    i=$((i + 1))
done
echo "split (in process):"
"$BUILD/bench/bench_graph" --edge-list "$FILE"
/usr/bin/python3 "$HERE/igraph_stats.py" "$FILE"
