#include "source_uri.h"

#include <cctype>
#include <optional>
#include <utility>
#include <vector>

namespace veil::detail {

std::string percentDecode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit((unsigned char)s[i + 1]) &&
            std::isxdigit((unsigned char)s[i + 2])) {
            out += char(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

namespace {

// The "key=value" parameters after '?', in order (empty ones dropped).
std::vector<std::string> parametersOf(const std::string& uri) {
    std::vector<std::string> out;
    const auto q = uri.find('?');
    if (q == std::string::npos) return out;
    for (std::size_t from = q + 1; from <= uri.size();) {
        const auto amp = uri.find('&', from);
        std::string kv = uri.substr(from, amp == std::string::npos ? std::string::npos : amp - from);
        if (!kv.empty()) out.push_back(std::move(kv));
        if (amp == std::string::npos) break;
        from = amp + 1;
    }
    return out;
}

std::string keyOf(const std::string& kv) { return kv.substr(0, kv.find('=')); }

// The URI before '?' and the parameters, transformed: `f` returns the new "key=value" or "" to drop.
template <typename F>
std::string rewriteParameters(const std::string& uri, F f) {
    std::string out = uri.substr(0, uri.find('?')), kept;
    for (const auto& kv : parametersOf(uri))
        if (std::string next = f(kv); !next.empty()) kept += (kept.empty() ? "" : "&") + next;
    return kept.empty() ? out : out + "?" + kept;
}

// Where a password sits in "scheme://user:password@host...": [first, last) of the password with
// its leading ':', or nullopt.
std::optional<std::pair<std::size_t, std::size_t>> passwordInAuthority(const std::string& uri) {
    const auto scheme = uri.find("://");
    if (scheme == std::string::npos) return std::nullopt;
    const auto authorityEnd = uri.find_first_of("/?", scheme + 3);
    const auto at = uri.rfind('@', authorityEnd == std::string::npos ? std::string::npos : authorityEnd);
    if (at == std::string::npos || at < scheme + 3) return std::nullopt;
    const auto colon = uri.find(':', scheme + 3);
    if (colon == std::string::npos || colon > at) return std::nullopt;
    return std::pair{colon, at};
}

}  // namespace

Result<SourceSelection> selectFrom(const std::string& uri, bool keepOthers) {
    SourceSelection s;
    std::string unknown;
    s.location = rewriteParameters(uri, [&](const std::string& kv) -> std::string {
        const std::string key = keyOf(kv),
                          value = kv.size() > key.size() ? percentDecode(kv.substr(key.size() + 1)) : "";
        if (key == "table")
            s.table = value;
        else if (key == "query")
            s.query = value;
        else if (keepOthers)
            return kv;
        else if (unknown.empty())
            unknown = key;
        return "";
    });
    if (!unknown.empty())
        return Status::invalidArgument(redactPassword(uri) + ": unknown parameter '" + unknown +
                                       "' (use table=NAME or query=SELECT...)");
    if (s.table.empty() == s.query.empty())
        return Status::invalidArgument(redactPassword(uri) + ": give exactly one of ?table=NAME or ?query=SELECT...");
    return s;
}

std::string redactPassword(const std::string& raw) {
    std::string uri =
        rewriteParameters(raw, [](const std::string& kv) { return keyOf(kv) == "password" ? "password=***" : kv; });
    if (const auto p = passwordInAuthority(uri)) return uri.substr(0, p->first + 1) + "***" + uri.substr(p->second);
    return uri;
}

std::string removePassword(const std::string& raw) {
    std::string uri =
        rewriteParameters(raw, [](const std::string& kv) { return keyOf(kv) == "password" ? std::string() : kv; });
    if (const auto p = passwordInAuthority(uri)) return uri.substr(0, p->first) + uri.substr(p->second);
    return uri;
}

}  // namespace veil::detail
