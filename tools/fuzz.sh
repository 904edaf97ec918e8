#!/usr/bin/env bash
# Runs every libFuzzer target (built by the asan preset: clang, ASan + UBSan + fuzzer coverage) for
# SECONDS each (default 30; VEIL_FUZZ_SECONDS overrides) on its seed corpus: tests/fuzz/corpus/<t>
# plus matching files from tests/data and docs/examples. Fails on any crash, leak, timeout or
# sanitizer report, keeping the input in build/fuzz-findings/<t>/. Prints executions per target.
# Targets run one per core at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-${VEIL_FUZZ_SECONDS:-30}}
bin=build/asan/tests/fuzz
work=build/fuzz-corpus
findings=build/fuzz-findings
[[ -x $bin/fuzz_csv_reader ]] || { echo "fuzz: build the asan preset first (cmake --preset asan && cmake --build --preset asan)" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" "$findings"

seed() {  # seed TARGET FILES...
  local t=$1; shift
  mkdir -p "$work/$t"
  cp tests/fuzz/corpus/"$t"/* "$work/$t/" 2>/dev/null || true
  for f in "$@"; do [[ -f $f ]] && cp "$f" "$work/$t/$(basename "$f")" || true; done
}
small() { find "$@" -type f -size -64k 2>/dev/null; }
seed csv_reader $(small tests/data/csv tests/data/arx_test tests/data/eval_k -name '*.csv')
seed edge_list $(small tests/data/graphs -name '*.edges') $(small tests/data/graphs -name '*.labels')
seed gml $(small tests/data/graphs -name '*.gml')
seed graphml
seed hierarchy $(small tests/data/arx_test tests/data/arx_test2 -name '*hierarchy*')
seed plan docs/examples/*plan*.json
seed experiment docs/examples/*sweep*.json tests/data/eval_k/tiny-k.json
seed aggregates
seed counts tests/data/dpbench/NETTRACE.n4096.npy tests/data/dpbench/SEARCHLOGS.n4096.npy
seed project
seed workload
sqlite3 "$work/project/v1.veil" < tests/data/projects/schema_v1.sql

results=$(mktemp -d)
run() {  # run EXE: fuzz one target, write its line of the table to $results/TARGET
  local exe=$1 t=${1##*/fuzz_} log result runs
  mkdir -p "$findings/$t"
  log=$(mktemp)
  if "$exe" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
       -artifact_prefix="$findings/$t/" "$work/$t" >"$log" 2>&1; then
    result=ok
  else
    result="FAILED (input kept in $findings/$t/)"
    tail -40 "$log" >&2
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  printf '%-12s %12s %s\n' "$t" "$runs" "$result" >"$results/$t"
  rm -f "$log"
}
# One target per core at a time (each fuzzer is single-threaded).
parallel=$(nproc)
for exe in "$bin"/fuzz_*; do
  run "$exe" &
  while (( $(jobs -rp | wc -l) >= parallel )); do wait -n || true; done
done
wait
printf '%-12s %12s %s\n' target executions result
cat "$results"/*
status=0
if grep -q FAILED "$results"/*; then status=1; fi
rm -rf "$results" /tmp/veil-fuzz-*
exit $status
