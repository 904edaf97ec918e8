// HistogramData: a data set given directly as 1-D or 2-D counts, in DPBench's formats (Hay et al.,
// "Principled Evaluation of Differentially Private Algorithms using DPBench", SIGMOD 2016;
// dpcomp_core/datafiles): NumPy .npy v1.x/2.x arrays (little-endian int64 '<i8' or float64 '<f8',
// C order, 1 or 2 dimensions) or a CSV of counts (1-D: one count per line, or one line of
// comma-separated counts; 2-D: one row of comma-separated counts per line).
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace veil::eval {

struct HistogramData {
    std::size_t rows = 1;        // 1 for a 1-D histogram
    std::size_t columns = 0;     // number of bins of a 1-D histogram
    std::vector<double> counts;  // row-major, rows * columns non-negative finite values
    bool twoDimensional = false;
    std::string name;  // file name (without directory) or "inline"

    std::size_t size() const { return counts.size(); }
    double total() const;
    double at(std::size_t row, std::size_t column) const { return counts[row * columns + column]; }
    // "4096 bins" or "256 x 256 cells".
    std::string shapeText() const;
};

// Checks shape and values: at least one cell, rows * columns == counts.size(), counts non-negative
// and finite. `what` names the source in messages.
Status validateHistogram(const HistogramData& data, const std::string& what);

// 1-D histogram from counts (validated).
Result<HistogramData> makeHistogram1D(std::vector<double> counts, std::string name = "inline");
// 2-D histogram from row-major counts (validated).
Result<HistogramData> makeHistogram2D(std::size_t rows, std::size_t columns, std::vector<double> counts,
                                      std::string name = "inline");

// Reads a .npy array or a CSV of counts with the dp engine's loader (veil/dp/counts_loader.h),
// dispatching on the extension. A CSV with one value per line, or one line of values, is 1-D;
// several lines of several values are 2-D. Errors: missing file, the loader's parse errors (file
// and line), negative or non-finite counts (naming the cell).
Result<HistogramData> readHistogram(const std::string& path);

// DPBench's data generation: the histogram normalised to a distribution and a multinomial sample
// of `scale` records drawn from it (dpcomp_core/dataset.py, DatasetSampledFromFile). Not a
// release: the data are the input of the mechanisms. O(scale log cells). Errors: total is 0,
// scale is 0 or above 10^9.
Result<HistogramData> sampleHistogram(const HistogramData& shape, std::uint64_t scale, RandomSource& rng);

}  // namespace veil::eval
