// NumPy .npy format v1.0/2.0 (numpy.lib.format documentation) and CSV count files.
#include "veil/dp/counts_loader.h"

#include "veil/common/limits.h"
#include "veil/io/atomic_file.h"
#include "veil/io/npy.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

namespace veil::dp {

Result<CountsArray> loadNpyCounts(const std::string& path) {
    auto data = readWholeFile(path, "a NumPy .npy file of counts");
    if (!data) return data.status();
    auto npy = parseNpy(*data, path, limits::kMaxHistogramBins);
    if (!npy) return npy.status();
    if (npy->shape.size() > 2) return Status::parseError(path + ": expected a 1-D or 2-D array of counts");
    return CountsArray{std::move(npy->values), std::move(npy->shape)};
}

Result<CountsArray> loadCsvCounts(const std::string& path) {
    auto text = readWholeFile(path, "a CSV file of counts");
    if (!text) return text.status();
    std::istringstream in(*text);
    CountsArray out;
    std::string line;
    long long lineNo = 0;
    std::size_t cols = 0, rows = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        for (char& c : line)
            if (c == ',' || c == ';' || c == '\t' || c == '\r') c = ' ';
        std::istringstream ss(line);
        std::string tok;
        std::size_t n = 0;
        while (ss >> tok) {
            std::size_t used = 0;
            double v = 0;
            try {
                v = std::stod(tok, &used);
            } catch (...) {
                used = 0;
            }
            if (used != tok.size())
                return Status::parseError(formatLocation(path, lineNo, (long long)n + 1) + ": '" + tok +
                                          "' is not a number");
            out.values.push_back(v);
            ++n;
            if (out.values.size() > limits::kMaxHistogramBins)
                return Status::invalidArgument(path + ": more than " + std::to_string(limits::kMaxHistogramBins) +
                                               " counts");
        }
        if (n == 0) continue;
        if (rows > 0 && n != cols)
            return Status::parseError(formatLocation(path, lineNo) + ": " + std::to_string(n) + " values, expected " +
                                      std::to_string(cols));
        cols = n;
        ++rows;
    }
    if (rows == 0) return Status::parseError(path + ": no counts");
    out.shape = cols == 1 ? std::vector<std::size_t>{rows} : std::vector<std::size_t>{rows, cols};
    return out;
}

Result<CountsArray> loadCounts(const std::string& path) {
    if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".npy") == 0) return loadNpyCounts(path);
    return loadCsvCounts(path);
}

}  // namespace veil::dp
