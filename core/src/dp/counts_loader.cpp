// NumPy .npy format v1.0/2.0 (numpy.lib.format documentation) and CSV count files.
#include "veil/dp/counts_loader.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

namespace veil::dp {

namespace {
Result<std::string> readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::ioError("cannot open '" + path + "'");
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string headerField(const std::string& header, const std::string& key) {
    const auto k = header.find("'" + key + "'");
    if (k == std::string::npos) return {};
    auto start = header.find(':', k);
    if (start == std::string::npos) return {};
    ++start;
    while (start < header.size() && header[start] == ' ') ++start;
    if (header[start] == '(') return header.substr(start, header.find(')', start) - start + 1);
    auto end = header.find_first_of(",}", start);
    return header.substr(start, end - start);
}
}  // namespace

Result<CountsArray> loadNpyCounts(const std::string& path) {
    auto data = readAll(path);
    if (!data) return data.status();
    const std::string& d = *data;
    if (d.size() < 10 || std::memcmp(d.data(), "\x93NUMPY", 6) != 0)
        return Status::parseError(path + ": not a NumPy .npy file (bad magic)");
    const int major = static_cast<unsigned char>(d[6]);
    std::size_t headerLen = 0, offset = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(d[8]) | (std::size_t(static_cast<unsigned char>(d[9])) << 8);
        offset = 10;
    } else if (major == 2 || major == 3) {
        if (d.size() < 12) return Status::parseError(path + ": truncated header");
        for (int i = 0; i < 4; ++i) headerLen |= std::size_t(static_cast<unsigned char>(d[8 + i])) << (8 * i);
        offset = 12;
    } else {
        return Status::unsupported(path + ": .npy version " + std::to_string(major) + " is not supported");
    }
    if (offset + headerLen > d.size()) return Status::parseError(path + ": header runs past the end of the file");
    const std::string header = d.substr(offset, headerLen);
    const std::string descr = headerField(header, "descr");
    const std::string fortran = headerField(header, "fortran_order");
    const std::string shapeText = headerField(header, "shape");
    if (fortran.find("True") != std::string::npos) return Status::unsupported(path + ": Fortran-order arrays are not supported");
    CountsArray out;
    {
        std::string s = shapeText;
        for (char& c : s)
            if (c == '(' || c == ')' || c == ',') c = ' ';
        std::istringstream ss(s);
        std::size_t v;
        while (ss >> v) out.shape.push_back(v);
    }
    if (out.shape.empty() || out.shape.size() > 2) return Status::parseError(path + ": expected a 1-D or 2-D array, shape " + shapeText);
    std::size_t count = 1;
    for (auto s : out.shape) count *= s;
    std::size_t width = 0;
    if (descr == "'<i8'" || descr == "'<f8'") width = 8;
    else if (descr == "'<i4'" || descr == "'<f4'") width = 4;
    else return Status::unsupported(path + ": dtype " + descr + " is not supported (use <i8, <i4, <f8 or <f4)");
    const std::size_t dataStart = offset + headerLen;
    if (d.size() - dataStart < count * width)
        return Status::parseError(path + ": data is shorter than the shape needs (" + std::to_string(count) + " values)");
    out.values.resize(count);
    const char* p = d.data() + dataStart;
    for (std::size_t i = 0; i < count; ++i, p += width) {
        if (descr == "'<i8'") { std::int64_t v; std::memcpy(&v, p, 8); out.values[i] = double(v); }
        else if (descr == "'<f8'") { double v; std::memcpy(&v, p, 8); out.values[i] = v; }
        else if (descr == "'<i4'") { std::int32_t v; std::memcpy(&v, p, 4); out.values[i] = double(v); }
        else { float v; std::memcpy(&v, p, 4); out.values[i] = double(v); }
    }
    return out;
}

Result<CountsArray> loadCsvCounts(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Status::ioError("cannot open '" + path + "'");
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
            try { v = std::stod(tok, &used); } catch (...) { used = 0; }
            if (used != tok.size()) return Status::parseError(formatLocation(path, lineNo) + ": '" + tok + "' is not a number");
            out.values.push_back(v);
            ++n;
        }
        if (n == 0) continue;
        if (rows > 0 && n != cols)
            return Status::parseError(formatLocation(path, lineNo) + ": " + std::to_string(n) + " values, expected " + std::to_string(cols));
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
