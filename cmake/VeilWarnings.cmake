# Warnings for Veil's own targets: -Wall -Wextra and a few that catch real bugs.
function(veil_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wshadow=local -Wnon-virtual-dtor -Wcast-align
    -Wunused -Woverloaded-virtual -Wnull-dereference -Wdouble-promotion -Wformat=2
    -Wimplicit-fallthrough)
endfunction()
