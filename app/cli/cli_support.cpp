#include "cli_support.h"

#include "veil/io/atomic_file.h"

#include <filesystem>
#include <iostream>

namespace veil::cli {

int reportError(const std::string& message) {
    std::string oneLine = message;
    for (char& c : oneLine)
        if (c == '\n' || c == '\r') c = ' ';
    std::cerr << "veil-cli: " << oneLine << '\n';
    return 1;
}

std::vector<std::string> filesOfAssignments(const std::vector<std::string>& assignments) {
    std::vector<std::string> files;
    for (const auto& a : assignments)
        if (const auto eq = a.find('='); eq != std::string::npos) files.push_back(a.substr(eq + 1));
    return files;
}

Status checkOutputs(std::initializer_list<std::pair<std::string, std::string>> outputs,
                    const std::vector<std::string>& inputs) {
    namespace fs = std::filesystem;
    auto resolve = [](const std::string& path) {
        std::error_code ec;
        fs::path resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
        return ec ? fs::path(path).lexically_normal() : resolved;
    };
    std::vector<std::pair<std::string, fs::path>> seen;
    for (const auto& [option, path] : outputs) {
        if (path.empty()) continue;
        if (auto st = checkWritableFile(path); !st) return st.withContext(option);
        const fs::path resolved = resolve(path);
        for (const auto& input : inputs)
            if (!input.empty() && resolve(input) == resolved)
                return Status::invalidArgument(option + " " + path + " is a file the command reads or keeps (" + input +
                                               "): write elsewhere (it would be lost)");
        for (const auto& [other, otherPath] : seen)
            if (otherPath == resolved)
                return Status::invalidArgument(option + " and " + other + " name the same file " + path +
                                               ": give each its own");
        seen.emplace_back(option, resolved);
    }
    return Status::ok();
}

int reportError(const Status& status) { return reportError(status.message()); }

void printJson(const nlohmann::json& j) { std::cout << j.dump(2) << '\n'; }

std::vector<std::string> splitList(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;  // the item was written in double quotes: kept as it is, blanks included
    auto flush = [&] {
        if (quoted) {
            out.push_back(cur);
        } else {
            const auto b = cur.find_first_not_of(" \t");
            const auto e = cur.find_last_not_of(" \t");
            if (b != std::string::npos) out.push_back(cur.substr(b, e - b + 1));
        }
        cur.clear();
        quoted = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"' && cur.find_first_not_of(" \t") == std::string::npos && !quoted) {
            // "a, b": up to the closing quote, "" for a quote inside
            cur.clear();
            quoted = true;
            for (++i; i < text.size(); ++i) {
                if (text[i] == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                    cur += '"';
                    ++i;
                } else if (text[i] == '"') {
                    break;
                } else {
                    cur += text[i];
                }
            }
            while (i + 1 < text.size() && text[i + 1] != sep) ++i;  // blanks after the closing quote
        } else if (c == sep) {
            flush();
        } else {
            cur += c;
        }
    }
    flush();
    return out;
}

}  // namespace veil::cli
