// NumPy .npy arrays (format versions 1, 2 and 3; numpy.lib.format): little-endian float64,
// float32, int64 or int32 in C order, read as doubles. One reader for the DPBench counts (1-D
// and 2-D histograms) and the 2-D density shapes.
#pragma once

#include "veil/common/status.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace veil {

struct NpyArray {
    std::vector<std::size_t> shape;  // 1 to 4 dimensions, each >= 1
    std::vector<double> values;      // row-major
};

// `name` starts every message. Errors: bad magic, an unsupported version or dtype, Fortran order,
// a malformed or overflowing shape, fewer values than the shape declares, more than
// `maxValues` values.
Result<NpyArray> parseNpy(std::string_view bytes, const std::string& name, std::size_t maxValues);

}  // namespace veil
