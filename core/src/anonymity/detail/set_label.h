// The released label of a set of categories that no hierarchy node covers, "{a,b,c}", written by
// Mondrian and MDAV alike. A value holding a comma, a brace or a quote, or starting or ending with
// a space, is quoted with its quotes doubled ({"Zurich, ZH",Bern}), so that the label reads back
// as the values it lists.
#pragma once

#include <string>
#include <string_view>

namespace veil::anonymity::detail {

inline std::string setLabelItem(std::string_view value) {
    const bool plain = value.find_first_of(",{}\"") == std::string_view::npos &&
                       (value.empty() || (value.front() != ' ' && value.back() != ' '));
    if (plain) return std::string(value);
    std::string out = "\"";
    for (char c : value) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

// {values...} in the order given (callers pass their categories' order).
template <typename Range, typename Text>
std::string setLabel(const Range& items, Text textOf) {
    std::string out = "{";
    bool first = true;
    for (const auto& item : items) {
        if (!first) out += ',';
        first = false;
        out += setLabelItem(textOf(item));
    }
    return out + '}';
}

}  // namespace veil::anonymity::detail
