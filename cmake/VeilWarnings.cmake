# Warnings for Veil's own targets: -Wall -Wextra and a few that catch real bugs; VEIL_WERROR=ON
# (CI) makes them errors.
# GCC 12 reports -Wrestrict and -Wmaybe-uninitialized inside libstdc++, Boost and Qt headers when
# optimising (false positives, e.g. GCC bugs 105329 and 105651); they are off so that a warning
# in a Release build means something.
function(veil_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wnon-virtual-dtor -Wcast-align -Wunused -Woverloaded-virtual
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough -Wrange-loop-construct -Werror=return-type
    $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local -Wno-restrict -Wno-maybe-uninitialized>
    $<$<CXX_COMPILER_ID:Clang>:-Wshadow-uncaptured-local>
    $<$<BOOL:${VEIL_WERROR}>:-Werror>)
endfunction()
