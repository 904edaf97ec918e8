// The one source of the target that owns the UI libraries' precompiled header (ui/CMakeLists.txt).
