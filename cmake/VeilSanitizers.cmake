# VEIL_SANITIZE=ON builds everything with ASan + UBSan (CI uses it for the core and CLI tests),
# at -O0 (Debug: -O1 made the cold CI build three times slower). VEIL_FUZZ=ON (clang) adds libFuzzer's
# coverage instrumentation to everything, so the fuzz targets (tests/fuzz) link against the same
# libraries: one sanitized build serves the tests and the fuzzers.
if(VEIL_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
if(VEIL_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "VEIL_FUZZ needs clang (libFuzzer): configure with the asan preset or CXX=clang++")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
# VEIL_TSAN=ON builds with ThreadSanitizer (the tsan preset runs the tests labelled "tsan": the
# parallel sweeps, the CSV reader, the lattice batches). Qt itself is not instrumented; tests/tsan.supp lists what
# that hides and why.
if(VEIL_TSAN)
  if(VEIL_SANITIZE)
    message(FATAL_ERROR "VEIL_TSAN and VEIL_SANITIZE cannot be combined (use two build trees)")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()
