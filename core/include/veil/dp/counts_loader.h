// Loading histogram counts (e.g. DPBench shapes): NumPy .npy v1/v2 with dtype <i8, <i4, <f8 or
// <f4 (C order, 1-D or 2-D, flattened row-major) and CSV files of numbers (one row per line,
// comma- or whitespace-separated; flattened row-major). A CSV file of one value per line, or of
// one line, is 1-D; a blank line between counts is an error (trailing blank lines are not).
#pragma once

#include "veil/common/status.h"

#include <cstddef>
#include <string>
#include <vector>

namespace veil::dp {

struct CountsArray {
    std::vector<double> values;      // row-major
    std::vector<std::size_t> shape;  // {n} or {rows, cols}
};

// Errors: missing file (IoError), malformed header or data (ParseError naming file and offset /
// line), unsupported dtype or Fortran order (Unsupported).
Result<CountsArray> loadNpyCounts(const std::string& path);
Result<CountsArray> loadCsvCounts(const std::string& path);
// By extension: .npy or anything else as CSV.
Result<CountsArray> loadCounts(const std::string& path);

}  // namespace veil::dp
