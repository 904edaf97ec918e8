#include "source_uri.h"

#include <cctype>

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

Result<SourceSelection> selectFrom(const std::string& uri, bool keepOthers) {
    const auto q = uri.find('?');
    SourceSelection s;
    s.location = uri.substr(0, q);
    std::string kept;
    const std::string params = q == std::string::npos ? "" : uri.substr(q + 1);
    for (std::size_t from = 0; from < params.size();) {
        const auto amp = params.find('&', from);
        const std::string kv = params.substr(from, amp == std::string::npos ? std::string::npos : amp - from);
        const auto eq = kv.find('=');
        const std::string key = kv.substr(0, eq),
                          value = eq == std::string::npos ? "" : percentDecode(kv.substr(eq + 1));
        if (key == "table")
            s.table = value;
        else if (key == "query")
            s.query = value;
        else if (keepOthers)
            kept += (kept.empty() ? "" : "&") + kv;
        else
            return Status::invalidArgument(redactPassword(uri) + ": unknown parameter '" + key +
                                           "' (use table=NAME or query=SELECT...)");
        if (amp == std::string::npos) break;
        from = amp + 1;
    }
    if (!kept.empty()) s.location += "?" + kept;
    if (s.table.empty() == s.query.empty())
        return Status::invalidArgument(redactPassword(uri) + ": give exactly one of ?table=NAME or ?query=SELECT...");
    return s;
}

namespace {

// "...password=secret&..." -> "...password=***&...".
std::string redactPasswordParameter(std::string uri) {
    for (auto at = uri.find("password="); at != std::string::npos; at = uri.find("password=", at + 1)) {
        const auto end = uri.find('&', at);
        uri.replace(at + 9, end == std::string::npos ? std::string::npos : end - at - 9, "***");
    }
    return uri;
}

}  // namespace

std::string redactPassword(const std::string& raw) {
    std::string uri = redactPasswordParameter(raw);
    const auto scheme = uri.find("://");
    if (scheme == std::string::npos) return uri;
    const auto authorityEnd = uri.find_first_of("/?", scheme + 3);
    const auto at = uri.rfind('@', authorityEnd == std::string::npos ? std::string::npos : authorityEnd);
    if (at == std::string::npos || at < scheme + 3) return uri;
    const auto colon = uri.find(':', scheme + 3);
    if (colon == std::string::npos || colon > at) return uri;
    return uri.substr(0, colon + 1) + "***" + uri.substr(at);
}

std::string removePassword(const std::string& raw) {
    std::string uri = raw;
    const auto q = uri.find('?');
    if (q != std::string::npos) {  // drop password=... among the parameters
        std::string kept;
        const std::string params = uri.substr(q + 1);
        for (std::size_t from = 0; from <= params.size();) {
            const auto amp = params.find('&', from);
            const std::string kv = params.substr(from, amp == std::string::npos ? std::string::npos : amp - from);
            if (!kv.empty() && kv.rfind("password=", 0) != 0) kept += (kept.empty() ? "" : "&") + kv;
            if (amp == std::string::npos) break;
            from = amp + 1;
        }
        uri = uri.substr(0, q) + (kept.empty() ? "" : "?" + kept);
    }
    const auto scheme = uri.find("://");
    if (scheme == std::string::npos) return uri;
    const auto authorityEnd = uri.find_first_of("/?", scheme + 3);
    const auto at = uri.rfind('@', authorityEnd == std::string::npos ? std::string::npos : authorityEnd);
    if (at == std::string::npos || at < scheme + 3) return uri;
    const auto colon = uri.find(':', scheme + 3);
    if (colon == std::string::npos || colon > at) return uri;
    return uri.substr(0, colon) + uri.substr(at);
}

}  // namespace veil::detail
