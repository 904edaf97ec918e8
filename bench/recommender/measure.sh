#!/bin/sh
# Regenerates the recommender's measured table (core/data/histogram_recommender_*.csv):
# Veil's histogram and spatial algorithms on DPBench's shapes (Hay et al., SIGMOD 2016) at
# N * epsilon = 1e2 .. 1e7, three domain sizes per dimension and three workload shapes.
#   bench/recommender/measure.sh [DPBENCH_DIR] [TRIALS]     (defaults: /work/shared/data/dpbench, 5)
# About 30 minutes on 2 cores with 5 trials (DAWA at 256 x 256 and the grids dominate). Takes the shared build lock while it builds and runs.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-/work/shared/data/dpbench}
trials=${2:-5}
build=${VEIL_BUILD_DIR:-$root/build/release}
out=$root/core/data/histogram_recommender_errors.csv
algorithms=$root/core/data/histogram_recommender_algorithms.csv
flock /tmp/veil_build.lock ninja -C "$build" bench_recommender
tmp=$(mktemp)
flock /tmp/veil_build.lock "$build/bench/bench_recommender" "$dir" "$trials" "$algorithms" > "$tmp"
mv "$tmp" "$out"
echo "wrote $out ($(grep -vc '^#' "$out") lines with the header) and $algorithms"
