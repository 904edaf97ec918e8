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
#include <string_view>

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
    std::string_view body = *text;
    if (body.starts_with("\xEF\xBB\xBF")) body.remove_prefix(3);  // a UTF-8 byte order mark
    std::istringstream in{std::string(body)};
    CountsArray out;
    std::string line;
    long long lineNo = 0, blankLine = 0;  // blankLine: the first blank line after counts
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
        if (n == 0) {
            if (rows > 0 && blankLine == 0) blankLine = lineNo;
            continue;
        }
        // A blank line between counts would silently move every later count to the bin before it.
        if (blankLine > 0)
            return Status::parseError(formatLocation(path, blankLine) +
                                      ": a blank line between counts (an empty bin is written 0)");
        if (rows > 0 && n != cols)
            return Status::parseError(formatLocation(path, lineNo) + ": " + std::to_string(n) + " values, expected " +
                                      std::to_string(cols));
        cols = n;
        ++rows;
    }
    if (rows == 0) return Status::parseError(path + ": no counts");
    // One value per line, or all on one line: 1-D. Several lines of several values: a 2-D grid.
    out.shape =
        cols == 1 || rows == 1 ? std::vector<std::size_t>{out.values.size()} : std::vector<std::size_t>{rows, cols};
    return out;
}

Result<CountsArray> loadCounts(const std::string& path) {
    if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".npy") == 0) return loadNpyCounts(path);
    return loadCsvCounts(path);
}

}  // namespace veil::dp
