// The one source of the targets that own the suites' precompiled headers (tests/CMakeLists.txt).
