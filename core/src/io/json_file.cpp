#include "veil/io/json_file.h"

#include "veil/io/atomic_file.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace veil {

Result<nlohmann::json> parseJsonObject(const std::string& text, const std::string& name) {
    try {
        // A key twice in one object: the parser keeps the last, and a reader of the file would see
        // the first ({"epsilon": 0.1, ..., "epsilon": 5} spent 5). Refused, naming the key.
        std::vector<std::set<std::string>> keys;
        std::optional<std::string> duplicate;
        const nlohmann::json::parser_callback_t noteKeys = [&](int, nlohmann::json::parse_event_t event,
                                                               nlohmann::json& parsed) {
            using Event = nlohmann::json::parse_event_t;
            if (event == Event::object_start) keys.emplace_back();
            if (event == Event::object_end && !keys.empty()) keys.pop_back();
            if (event == Event::key && !keys.empty() && !keys.back().insert(parsed.get<std::string>()).second &&
                !duplicate)
                duplicate = parsed.get<std::string>();
            return true;
        };
        nlohmann::json j = nlohmann::json::parse(text, noteKeys);
        if (duplicate)
            return Status::parseError(name + ": the key \"" + *duplicate +
                                      "\" appears twice in one object; give it once");
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
