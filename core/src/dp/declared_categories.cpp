// Declared categories from a file (the public output domain of a categorical histogram or of
// k-ary randomized response).
#include "veil/dp/column_query.h"

#include "veil/io/atomic_file.h"

#include <filesystem>
#include <set>
#include <sstream>

namespace veil::dp {

Result<std::vector<std::string>> readCategoriesFile(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return Status::invalidArgument(path + ": is a folder; expected a text file with one category per line");
    auto text = readWholeFile(path);
    if (!text) return text.status();
    std::vector<std::string> out;
    std::set<std::string> seen;
    std::istringstream in(*text);
    std::string line;
    long long number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        if (!seen.insert(line).second)
            return Status::invalidArgument(formatLocation(path, number) + ": category '" + line +
                                           "' is declared twice");
        out.push_back(line);
        if (out.size() > std::size_t(kMaxTrials))
            return Status::invalidArgument(path + ": more than " + std::to_string(kMaxTrials) + " categories");
    }
    if (out.empty()) return Status::invalidArgument(path + ": declares no categories (one per line expected)");
    return out;
}

}  // namespace veil::dp
