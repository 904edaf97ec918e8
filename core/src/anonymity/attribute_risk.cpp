#include "veil/anonymity/attribute_risk.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace veil::anonymity {

namespace {

// One dense code per distinct text of a column.
std::vector<std::uint32_t> textCodes(const Column& column) {
    std::unordered_map<std::string, std::uint32_t> codes;
    std::vector<std::uint32_t> out(column.size());
    std::string scratch;
    for (std::size_t r = 0; r < column.size(); ++r)
        out[r] =
            codes.try_emplace(std::string(column.originalText(r, scratch)), std::uint32_t(codes.size())).first->second;
    return out;
}

// Class ids of (previous set + one column): pairs of (class, code) numbered densely.
std::vector<std::uint32_t> refine(const std::vector<std::uint32_t>& classes, const std::vector<std::uint32_t>& codes,
                                  std::size_t& classCount) {
    std::unordered_map<std::uint64_t, std::uint32_t> ids;
    ids.reserve(classes.size());
    std::vector<std::uint32_t> out(classes.size());
    for (std::size_t r = 0; r < classes.size(); ++r) {
        const std::uint64_t key = (std::uint64_t(classes[r]) << 32) | codes[r];
        out[r] = ids.try_emplace(key, std::uint32_t(ids.size())).first->second;
    }
    classCount = ids.size();
    return out;
}

AttributeSetRisk measure(const std::vector<std::uint32_t>& classes, std::size_t classCount) {
    std::vector<std::size_t> sizes(classCount, 0);
    for (std::uint32_t c : classes) ++sizes[c];
    AttributeSetRisk r;
    const double n = double(classes.size());
    double pairs = 0;
    for (std::size_t s : sizes) {
        if (s == 1) ++r.uniques;
        pairs += double(s) * double(s - 1);
    }
    r.uniqueness = n > 0 ? double(r.uniques) / n : 0;
    r.distinction = n > 0 ? double(classCount) / n : 0;
    r.separation = n > 1 ? 1.0 - pairs / (n * (n - 1)) : 0;
    return r;
}

}  // namespace

Result<std::vector<AttributeSetRisk>> attributeRisk(const Table& table, const std::vector<std::string>& attributes,
                                                    std::size_t maxSize) {
    if (attributes.empty()) return Status::invalidArgument("attribute risk: no attributes given");
    // At most as many sets as 16 attributes have (2^16 - 1), of any number of attributes when the
    // largest set is small: sum over sizes 1..maxSize of C(q, size).
    {
        const std::size_t q = attributes.size(), largest = maxSize == 0 ? q : std::min(maxSize, q);
        constexpr double kMaxSets = 65535;
        double sets = 0, choose = 1;
        for (std::size_t s = 1; s <= largest && sets <= kMaxSets; ++s) {
            choose = choose * double(q - s + 1) / double(s);
            sets += choose;
        }
        if (sets > kMaxSets)
            return Status::invalidArgument("attribute risk: " + std::to_string(q) + " attributes in sets of up to " +
                                           std::to_string(largest) +
                                           " make more than 65535 sets; give a smaller "
                                           "largest set (at most 16 attributes for all sizes)");
    }
    std::vector<std::vector<std::uint32_t>> codes;
    for (const auto& name : attributes) {
        auto index = table.columnIndex(name);
        if (!index) return index.status().withContext("attribute risk");
        codes.push_back(textCodes(table.column(*index)));
    }
    const std::size_t q = attributes.size(), limit = maxSize == 0 ? q : std::min(maxSize, q);
    std::vector<AttributeSetRisk> out;
    // Depth first over sets in increasing column order; each level refines its parent's classes.
    struct Frame {
        std::vector<std::uint32_t> classes;
        std::vector<std::size_t> members;
    };
    std::vector<Frame> stack{{std::vector<std::uint32_t>(table.rowCount(), 0), {}}};
    std::vector<std::size_t> next{0};
    while (!stack.empty()) {
        if (next.back() >= q || stack.back().members.size() >= limit) {
            stack.pop_back();
            next.pop_back();
            continue;
        }
        const std::size_t column = next.back()++;
        std::size_t classCount = 0;
        Frame child{refine(stack.back().classes, codes[column], classCount), stack.back().members};
        child.members.push_back(column);
        AttributeSetRisk r = measure(child.classes, classCount);
        for (std::size_t m : child.members) r.attributes.push_back(attributes[m]);
        out.push_back(std::move(r));
        stack.push_back(std::move(child));
        next.push_back(column + 1);
    }
    std::stable_sort(out.begin(), out.end(), [](const AttributeSetRisk& a, const AttributeSetRisk& b) {
        if (a.attributes.size() != b.attributes.size()) return a.attributes.size() < b.attributes.size();
        return a.uniques > b.uniques;
    });
    return out;
}

}  // namespace veil::anonymity
