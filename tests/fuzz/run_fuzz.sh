#!/usr/bin/env bash
# Builds and runs the CSV reader fuzzer for N seconds (default 60) with clang's libFuzzer.
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-60}
out=build/fuzz
mkdir -p "$out/corpus"
cp tests/data/csv/*.csv "$out/corpus/" 2>/dev/null || true
printf 'a,b\n1,"x\ny"\n' > "$out/corpus/quoted.csv"
printf 'sex;age\r\nMale;39\r\n' > "$out/corpus/crlf.csv"
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -Icore/include -Icore/src \
  tests/fuzz/fuzz_csv_reader.cpp core/src/table/*.cpp core/src/table/detail/*.cpp core/src/common/status.cpp \
  core/src/common/validate.cpp core/src/common/run_context.cpp core/src/io/mapped_file.cpp core/src/io/atomic_file.cpp \
  -DVEIL_VERSION_STRING='"fuzz"' -o "$out/fuzz_csv_reader"
"$out/fuzz_csv_reader" -max_total_time="$secs" -max_len=4096 -timeout=5 "$out/corpus"
