#!/bin/sh
# Compiles DPComp's cutil.cpp (a checkout of dpcomp-org/dpcomp_core given as $1) with the driver
# next to this script and prints the partitions pasted into tst_dawa.cpp.
set -e
src="$1/dpcomp_core/algorithm/dawa/cutils"
out=$(mktemp -d)
g++ -O2 -I"$src" "$(dirname "$0")/dpcomp_l1partition.cpp" "$src/cutil.cpp" "$src/mtrand.cpp" -o "$out/l1" 
"$out/l1"
