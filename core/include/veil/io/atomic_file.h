// Atomic file writes: write to a temporary file beside the target, fsync, rename over it. A crash
// leaves either the old file or the new one, never half of one.
#pragma once

#include "veil/common/status.h"

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace veil {

// Calls `writer` with a stream to the temporary file; commits when it returns true and the
// stream is good, otherwise removes the temporary file and keeps the target untouched.
Status writeFileAtomically(const std::string& path, const std::function<bool(std::ostream&)>& writer);
Status writeFileAtomically(const std::string& path, std::string_view contents);

// For a command to check its outputs before it charges a release: the folder exists and a file
// can be created in it (a probe file, removed), and the path is a regular file or nothing.
// writeFileAtomically checks the same, its own temporary file being the probe.
Status checkWritableFile(const std::string& path);

// Errors naming the path and what was expected ("a hierarchy CSV file"): missing, a folder,
// not a regular file (a device, a socket), unreadable.
Status checkReadableFile(const std::string& path, const std::string& expected);

// Reads a whole file into a string (checkReadableFile first; `expected` names what it should be).
Result<std::string> readWholeFile(const std::string& path, const std::string& expected = "a file");

}  // namespace veil
