#include "anonymity/detail/column_values.h"

#include <cstring>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

// Assigns text ids in first-occurrence order; equal texts share one id.
class TextIds {
public:
    explicit TextIds(ColumnValues& out) : m_out(out) {}
    std::uint32_t of(std::string text) {
        auto [it, inserted] = m_ids.emplace(std::move(text), std::uint32_t(m_out.texts.size()));
        if (inserted) m_out.texts.push_back(it->first);
        return it->second;
    }

private:
    ColumnValues& m_out;
    std::unordered_map<std::string, std::uint32_t> m_ids;
};

// Records keyed by `key(r)` (a small integer or a 64-bit pattern): the text of each new key once.
template <typename Key, typename KeyOf>
void byKey(const Column& col, ColumnValues& out, TextIds& ids, KeyOf keyOf) {
    std::unordered_map<Key, std::uint32_t> idOfKey;
    for (std::size_t r = 0; r < col.size(); ++r) {
        if (col.isMissing(r)) {
            out.recordValue[r] = ids.of(std::string());
            continue;
        }
        const Key key = keyOf(r);
        auto it = idOfKey.find(key);
        if (it == idOfKey.end()) it = idOfKey.emplace(key, ids.of(col.toString(r))).first;
        out.recordValue[r] = it->second;
    }
}

}  // namespace

ColumnValues columnValues(const Column& col) {
    ColumnValues out;
    out.recordValue.resize(col.size());
    TextIds ids(out);
    switch (col.type()) {
        case ColumnType::Categorical: {
            const auto& dict = col.dictionary();
            std::vector<std::int64_t> idOfCode(dict.size(), -1);
            for (std::size_t r = 0; r < col.size(); ++r) {
                const auto code = col.codeAt(r);
                if (code < 0 || col.isMissing(r)) {
                    out.recordValue[r] = ids.of(std::string());
                    continue;
                }
                auto& id = idOfCode[std::size_t(code)];
                if (id < 0) id = ids.of(dict[std::size_t(code)]);
                out.recordValue[r] = std::uint32_t(id);
            }
            return out;
        }
        case ColumnType::Integer:
            if (!col.keepsOriginalText()) {
                byKey<std::int64_t>(col, out, ids, [&col](std::size_t r) { return col.integerAt(r); });
                return out;
            }
            break;
        case ColumnType::Real:
            if (!col.keepsOriginalText()) {
                byKey<std::uint64_t>(col, out, ids, [&col](std::size_t r) {
                    const double v = col.realAt(r);
                    std::uint64_t bits;
                    std::memcpy(&bits, &v, sizeof bits);
                    return bits;
                });
                return out;
            }
            break;
        case ColumnType::Date:
            if (!col.keepsOriginalText()) {
                byKey<std::int32_t>(col, out, ids, [&col](std::size_t r) { return col.dateAt(r); });
                return out;
            }
            break;
        case ColumnType::Text:
            break;
    }
    for (std::size_t r = 0; r < col.size(); ++r) out.recordValue[r] = ids.of(col.toString(r));
    return out;
}

}  // namespace veil::anonymity::detail
