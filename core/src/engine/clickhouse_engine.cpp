// ClickHouse as a release engine, through its HTTP interface (one POST per statement; rows read in
// TabSeparatedWithNames, whose escapes are undone here). Works with a single server and with the
// coordinator of a cluster, where the input is a Distributed table over the shards.
#include "engine/detail/engines.h"
#include "engine/detail/http_client.h"
#include "table/detail/source_uri.h"

#include <cctype>
#include <charconv>

namespace veil::engine::detail {

namespace {

struct ClickHouseAddress {
    std::string user = "default", password, host, database = "default", table;
    int port = 8123;
};

Result<ClickHouseAddress> parseAddress(const std::string& uri, const std::string& shown) {
    ClickHouseAddress a;
    std::string rest = uri.substr(std::string("clickhouse://").size());
    const auto q = rest.find('?');
    const std::string params = q == std::string::npos ? "" : rest.substr(q + 1);
    rest = rest.substr(0, q);
    if (const auto slash = rest.find('/'); slash != std::string::npos) {
        if (slash + 1 < rest.size()) a.database = veil::detail::percentDecode(rest.substr(slash + 1));
        rest.resize(slash);
    }
    if (const auto at = rest.rfind('@'); at != std::string::npos) {
        const std::string userInfo = rest.substr(0, at);
        const auto colon = userInfo.find(':');
        a.user = veil::detail::percentDecode(userInfo.substr(0, colon));
        if (colon != std::string::npos) a.password = veil::detail::percentDecode(userInfo.substr(colon + 1));
        rest = rest.substr(at + 1);
    }
    if (const auto colon = rest.rfind(':'); colon != std::string::npos) {
        const std::string port = rest.substr(colon + 1);
        const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), a.port);
        if (ec != std::errc() || end != port.data() + port.size() || a.port <= 0 || a.port > 65535)
            return Status::invalidArgument(shown + ": the port '" + port + "' is not a number from 1 to 65535");
        rest.resize(colon);
    }
    a.host = rest;
    if (a.host.empty()) return Status::invalidArgument(shown + ": no host (clickhouse://user@host:8123/db?table=T)");
    for (std::size_t from = 0; from < params.size();) {
        const auto amp = params.find('&', from);
        const std::string kv = params.substr(from, amp == std::string::npos ? std::string::npos : amp - from);
        from = amp == std::string::npos ? params.size() : amp + 1;
        if (kv.rfind("table=", 0) == 0)
            a.table = veil::detail::percentDecode(kv.substr(6));
        else if (!kv.empty())
            return Status::invalidArgument(shown + ": unknown parameter '" + kv.substr(0, kv.find('=')) +
                                           "' (only table=NAME)");
    }
    if (a.table.empty())
        return Status::invalidArgument(shown + ": an engine runs the plan on a table: add ?table=NAME");
    return a;
}

// ClickHouse's error text without its stack of "e.what()" decorations.
std::string errorText(const std::string& body) {
    std::string m = body.substr(0, body.find('\n'));
    if (const auto at = m.find("DB::Exception: "); at != std::string::npos) m = m.substr(at + 15);
    if (const auto what = m.find(", e.what()"); what != std::string::npos) m.resize(what);
    return m.empty() ? "no message" : m;
}

std::optional<std::string> unescapeField(std::string_view f) {
    if (f == "\\N") return std::nullopt;
    std::string out;
    out.reserve(f.size());
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '\\' || i + 1 == f.size()) {
            out += f[i];
            continue;
        }
        const char c = f[++i];
        out += c == 'n'   ? '\n'
               : c == 't' ? '\t'
               : c == 'r' ? '\r'
               : c == 'b' ? '\b'
               : c == 'f' ? '\f'
               : c == '0' ? '\0'
                          : c;
    }
    return out;
}

std::vector<std::string_view> splitTabs(std::string_view line) {
    std::vector<std::string_view> out;
    for (std::size_t from = 0;;) {
        const auto tab = line.find('\t', from);
        out.push_back(line.substr(from, tab == std::string_view::npos ? std::string_view::npos : tab - from));
        if (tab == std::string_view::npos) return out;
        from = tab + 1;
    }
}

class ClickHouseEngine final : public SqlEngine {
public:
    ClickHouseEngine(std::string uri, ClickHouseAddress address)
        : SqlEngine(std::move(uri), address.table), m_address(std::move(address)) {}
    EngineKind kind() const override { return EngineKind::ClickHouse; }

    Status execute(const std::string& statement) override { return post(statement).status(); }

    Result<QueryRows> query(const std::string& select) override {
        auto body = post(select + "\nFORMAT TabSeparatedWithNames");
        if (!body) return body.status();
        QueryRows out;
        std::string_view text(*body);
        bool header = true;
        for (std::size_t from = 0; from < text.size();) {
            const auto nl = text.find('\n', from);
            const std::string_view line = text.substr(from, nl == std::string_view::npos ? nl : nl - from);
            from = nl == std::string_view::npos ? text.size() : nl + 1;
            auto& row = out.rows.emplace_back();
            for (auto field : splitTabs(line)) row.push_back(unescapeField(field));
            if (header) {
                for (auto& name : row) out.names.push_back(name.value_or("NULL"));
                out.rows.pop_back();
                header = false;
            } else if (row.size() != out.names.size()) {
                return Status::ioError(uri() + ": a reply row has " + std::to_string(row.size()) + " fields, not " +
                                       std::to_string(out.names.size()));
            }
        }
        return out;
    }

private:
    Result<std::string> post(const std::string& sql) {
        // Plans carry their hierarchies inline (transform() arrays): allow long queries.
        const std::string target = "/?max_query_size=268435456&database=" + urlEncode(m_address.database);
        std::vector<std::pair<std::string, std::string>> headers = {
            {"Authorization", "Basic " + base64(m_address.user + ":" + m_address.password)},
            {"Content-Type", "text/plain; charset=UTF-8"}};
        auto r = httpPost(m_address.host, m_address.port, target, headers, sql, uri());
        if (!r) return r.status();
        if (r->status != 200) return Status::invalidArgument(uri() + ": " + errorText(r->body));
        return std::move(r->body);
    }

    static std::string urlEncode(const std::string& s) {
        static const char* hex = "0123456789ABCDEF";
        std::string out;
        for (unsigned char c : s)
            if (std::isalnum(c) || c == '_' || c == '-' || c == '.')
                out += char(c);
            else
                out += {'%', hex[c >> 4], hex[c & 15]};
        return out;
    }

    ClickHouseAddress m_address;
};

}  // namespace

Result<std::unique_ptr<SqlEngine>> connectClickHouse(const std::string& uri) {
    const std::string shown = veil::detail::removePassword(uri.substr(0, uri.find('?')));
    auto address = parseAddress(uri, shown);
    if (!address) return address.status();
    auto engine = std::make_unique<ClickHouseEngine>(shown, std::move(*address));
    // Logging in now: a refused connection or a bad password is reported before anything runs.
    if (auto hello = engine->query("SELECT 1"); !hello) return hello.status();
    return std::unique_ptr<SqlEngine>(std::move(engine));
}

}  // namespace veil::engine::detail
