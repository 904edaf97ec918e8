#!/bin/sh
# Veil's histogram methods against DPComp's reference implementation (dpcomp_core, Hay et al.,
# SIGMOD 2016) on DPBench data: the same data (its own N as the scale), the same 2,000 random
# ranges (DPComp's RandomRange, seed 9001), DPBench's scaled L1 error; per (algorithm, eps) the
# mean of T trials on each side and z = (Veil - DPComp) / sqrt(SE_v^2 + SE_d^2), "agree" if |z| <= 3.
# 1-D: NETTRACE (4,096 bins); 2-D: SF-CABS-E (256 x 256); eps 0.1 and 1. Benchmark-only: DPComp
# (Python) runs from a checkout outside the repository, never a build dependency.
#
# Usage: bench/reference/compare_dpcomp.sh [1d|2d|all [TRIALS [WORKDIR]]]
#   env: BUILD (build/release), DPCOMP (a dpcomp_core checkout, default /tmp/dpcmp/src: exported
#        from the mirror and its extensions built when missing, which needs g++, swig, cython3,
#        python3-numpy, python3-scipy, python3-future), PY (/usr/bin/python3),
#        TRIALS_FOR (per-algorithm DPComp trials; default "Greedy-H=20": 13 s per run in DPComp).
#   The Veil sweep and DPComp's rows go to WORKDIR (default: a new mktemp -d); rerunning with the
#   same WORKDIR reuses the DPComp trials already there.
# Run time (2 shared cores, nice 19, 50 trials): Veil's sweeps 75 s wall each (one thread, under
# load); DPComp 1-D about 14 min CPU (Greedy-H, 20 trials, 11 of them), 2-D about 16 min CPU (UGrid
# at eps 1: 7 s per run; DAWA-2D and its float variant 1.7 s each). Measured 30 min wall for 1d and
# 32 min for 2d run side by side next to another build; the tables print at the end of each part.
set -eu
PART=${1:-all}
TRIALS=${2:-50}
WORK=${3:-$(mktemp -d /tmp/veil_dpcomp.XXXXXX)}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=${BUILD:-$ROOT/build/release}
CLI=$BUILD/app/cli/veil-cli
PY=${PY:-/usr/bin/python3}
DPCOMP=${DPCOMP:-/tmp/dpcmp/src}
MIRROR=${MIRROR:-/work/.mirror/dpcomp-org+dpcomp_core/repo}
TRIALS_FOR=${TRIALS_FOR:-Greedy-H=20}
# One BLAS thread: DPComp's Greedy-H is dense linear algebra and the machine is shared.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
mkdir -p "$WORK"
echo "work directory: $WORK"

prepare_dpcomp() {
    alg=$DPCOMP/dpcomp_core/algorithm
    if ls "$alg"/dawa/cutils/_cutil*.so "$alg"/ahp/ahp_fast*.so "$alg"/thirdparty/Acs12/lib/cutils*.so \
        "$alg"/thirdparty/xiaokui/_structFirst*.so >/dev/null 2>&1; then
        return
    fi
    echo "building DPComp's extensions in $DPCOMP"
    if [ ! -f "$alg/__init__.py" ]; then
        mkdir -p "$DPCOMP"
        git --git-dir="$MIRROR" archive HEAD dpcomp_core | tar -x -C "$DPCOMP"
    fi
    # The same commands as DPComp's setup.sh scripts; its 2013 StructureFirst code needs C++98.
    (cd "$alg/dawa" && nice -n 19 "$PY" setup.py build_ext -b ./cutils/ --swig-cpp >/dev/null)
    (cd "$alg/ahp" && nice -n 19 "$PY" setup.py build_ext --inplace >/dev/null)
    (cd "$alg/thirdparty/Acs12" && nice -n 19 "$PY" setup.py build_ext -b ./lib/ >/dev/null)
    (cd "$alg/thirdparty/xiaokui" && CFLAGS=-std=gnu++98 nice -n 19 "$PY" setup.py build_ext -b . --swig-cpp >/dev/null)
}

run_part() {
    dim=$1
    echo "== ${dim}-D =="
    "$PY" "$HERE/compare_dpcomp.py" setup --dim "$dim" --dir "$WORK" --trials "$TRIALS"
    start=$(date +%s)
    nice -n 19 "$CLI" sweep "$WORK/experiment_${dim}d.json" --output "$WORK/veil_${dim}d.csv" --teaching \
        --threads 1 >"$WORK/veil_${dim}d.txt"
    echo "Veil sweep: $(($(date +%s) - start)) s"
    start=$(date +%s)
    nice -n 19 "$PY" "$HERE/compare_dpcomp.py" dpcomp --dim "$dim" --dir "$WORK" --dpcomp "$DPCOMP" \
        --trials "$TRIALS" --trials-for "$TRIALS_FOR"
    echo "DPComp: $(($(date +%s) - start)) s"
    "$PY" "$HERE/compare_dpcomp.py" report --dim "$dim" --dir "$WORK" | tee "$WORK/report_${dim}d.txt"
}

prepare_dpcomp
case $PART in
    1d) run_part 1 ;;
    2d) run_part 2 ;;
    all) run_part 1; run_part 2 ;;
    *) echo "usage: $0 [1d|2d|all [TRIALS [WORKDIR]]]" >&2; exit 2 ;;
esac
