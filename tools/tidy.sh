#!/usr/bin/env bash
# clang-tidy over core with .clang-tidy's checks, using the asan build's compile_commands.json
# (clang flags). Compares the warnings, counted per file and check (line numbers move), with
# tools/clang-tidy-baseline.txt and fails on any count above the baseline. `tools/tidy.sh --update`
# rewrites the baseline (do that only when a warning is fixed, so the baseline only shrinks).
set -euo pipefail
cd "$(dirname "$0")/.."
db=build/asan
[[ -f $db/compile_commands.json ]] || { echo "tidy: configure the asan preset first" >&2; exit 1; }
baseline=tools/clang-tidy-baseline.txt
out=$(mktemp)
files=$(find core/src -name '*.cpp' | sort)
printf '%s\n' $files | xargs -P "$(nproc)" -n 4 clang-tidy -p "$db" --quiet 2>/dev/null |
  grep -E '^/.*: warning: .*\[[a-z0-9.,-]+\]$' |
  sed -E "s|^$PWD/||; s|^([^:]+):[0-9]+:[0-9]+: warning: .*\[([a-z0-9.,-]+)\]$|\1 \2|" |
  sort | uniq -c | awk '{print $2, $3, $1}' >"$out" || true
if [[ ${1:-} == --update ]]; then
  mv "$out" "$baseline"
  echo "tidy: baseline written ($(awk '{s+=$3} END {print s+0}' "$baseline") warnings)"
  exit 0
fi
status=0
while read -r file check count; do
  allowed=$(awk -v f="$file" -v c="$check" '$1 == f && $2 == c {print $3}' "$baseline")
  if (( count > ${allowed:-0} )); then
    echo "tidy: $file: $count × $check (baseline ${allowed:-0})" >&2
    status=1
  fi
done <"$out"
echo "tidy: $(awk '{s+=$3} END {print s+0}' "$out") warnings, baseline $(awk '{s+=$3} END {print s+0}' "$baseline")"
rm -f "$out"
exit $status
