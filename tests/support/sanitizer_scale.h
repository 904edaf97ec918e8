// The sanitizer builds (asan and tsan presets: -O0 and instrumented, 10 to 40 times slower than
// Release) run the suites' cheaper variant: the same code paths with fewer repetitions. Release
// runs every suite in full, so no value or statistical property goes unchecked; what the
// sanitizers add is memory and undefined-behaviour checking, which a path needs once, not 60,000
// times. tests/CMakeLists.txt defines VEIL_TEST_SANITIZED in those builds.
#pragma once

#include <QtTest/QtTest>

namespace veil::test {

#ifdef VEIL_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// n repetitions in Release, n / divisor (at least 1) in a sanitizer build.
constexpr long long repetitions(long long n, long long divisor = 10) {
    return kSanitized ? (n / divisor > 0 ? n / divisor : 1) : n;
}

}  // namespace veil::test

// Skips the current test function (or data row) in a sanitizer build, saying why; Release runs it.
#define VEIL_RELEASE_ONLY(why)                                                                \
    do {                                                                                      \
        if (veil::test::kSanitized) QSKIP("checked in Release only (sanitizer build): " why); \
    } while (false)
