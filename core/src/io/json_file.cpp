#include "veil/io/json_file.h"

#include "veil/io/atomic_file.h"

namespace veil {

Result<nlohmann::json> parseJsonObject(const std::string& text, const std::string& name) {
    try {
        nlohmann::json j = nlohmann::json::parse(text);
        if (!j.is_object()) return Status::parseError(name + ": expected a JSON object {...}, got " + jsonTypeText(j));
        return j;
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is 1-based: the byte where the parser stopped.
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
            if (text[i] == '\n')
                ++line, column = 1;
            else
                ++column;
        }
        std::string why = e.what();
        if (auto colon = why.rfind(": "); colon != std::string::npos) why = why.substr(colon + 2);
        return Status::parseError(name + ":" + std::to_string(line) + ":" + std::to_string(column) +
                                  ": not valid JSON (" + why + ")");
    } catch (const nlohmann::json::exception& e) {
        // out_of_range (a number too large to represent) and the like.
        std::string why = e.what();
        if (auto bracket = why.find("] "); bracket != std::string::npos) why = why.substr(bracket + 2);
        return Status::parseError(name + ": not valid JSON (" + why + ")");
    }
}

Result<nlohmann::json> readJsonObjectFile(const std::string& path, const std::string& expected) {
    auto text = readWholeFile(path, expected);
    if (!text) return text.status();
    return parseJsonObject(*text, path);
}

std::string jsonTypeText(const nlohmann::json& v) {
    std::string shown = v.dump();
    if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
    switch (v.type()) {
        case nlohmann::json::value_t::null:
            return "null";
        case nlohmann::json::value_t::boolean:
            return "a boolean (" + shown + ")";
        case nlohmann::json::value_t::string:
            return "a string (" + shown + ")";
        case nlohmann::json::value_t::array:
            return "a list (" + shown + ")";
        case nlohmann::json::value_t::object:
            return "an object (" + shown + ")";
        default:
            return "a number (" + shown + ")";
    }
}

}  // namespace veil
