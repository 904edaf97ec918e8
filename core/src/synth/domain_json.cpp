// Reads a declared discretization from JSON (see domain_json.h).
#include "veil/synth/domain_json.h"

#include "veil/common/known_keys.h"
#include "veil/common/limits.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/io/json_file.h"

#include <filesystem>
#include <set>

namespace veil::synth {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

Status expected(const std::string& field, const std::string& what, const json& got) {
    return Status::invalidArgument(field + ": expected " + what + ", got " + jsonTypeText(got));
}

Status numericInto(const json& d, const std::string& at, AttributeDomain& out) {
    out.kind = AttributeDomain::Kind::NumericBins;
    const json b = d.value("bounds", json());
    const auto bound = [](const json& v) { return v.is_number() || v.is_string(); };
    if (!b.is_array() || b.size() != 2 || !bound(b[0]) || !bound(b[1]))
        return expected(at + ".bounds", "[lower, upper] (two numbers, or two ISO dates)", b);
    double values[2] = {0.0, 0.0};
    bool dates[2] = {false, false};
    for (int i = 0; i < 2; ++i) {
        if (b[i].is_number()) {
            values[i] = b[i].get<double>();
            continue;
        }
        auto v = parseDomainBound(b[i].get<std::string>(), &dates[i]);
        if (!v) return v.status().withContext(at + ".bounds");
        values[i] = *v;
    }
    if (dates[0] != dates[1])
        return Status::invalidArgument(at + ".bounds: give two ISO dates or two numbers, not one of each");
    const json bins = d.value("bins", json());
    const std::string range = "an integer in [1, " + std::to_string(limits::kMaxHistogramBins) + "]";
    if (!bins.is_number_integer() || bins.get<long long>() < 1 ||
        bins.get<long long>() > static_cast<long long>(limits::kMaxHistogramBins))
        return expected(at + ".bins", range, bins);
    out.lower = values[0];
    out.upper = values[1];
    out.dateBounds = dates[0];
    out.bins = static_cast<std::size_t>(bins.get<long long>());
    out.source = "declared bounds and bins";
    return Status::ok();
}

Result<AttributeDomain> domainOf(const json& d, const std::string& at, const std::string& baseDir,
                                 std::map<std::string, std::string>* hierarchyFiles) {
    if (!d.is_object()) return expected(at, "an object {\"column\": ..., ...}", d);
    VEIL_RETURN_IF_ERROR(checkKnownKeys(d, {"column", "bins", "bounds", "categories", "hierarchy"}, at));
    if (!d.contains("column") || !d["column"].is_string())
        return Status::invalidArgument(at + ".column: is missing (the column's name)");
    AttributeDomain out;
    out.column = d["column"].get<std::string>();
    const bool numeric = d.contains("bins") || d.contains("bounds");
    if (int(numeric) + int(d.contains("categories")) + int(d.contains("hierarchy")) != 1)
        return Status::invalidArgument(
            at + ": declare exactly one of \"bins\" with \"bounds\", \"categories\" or \"hierarchy\"");
    if (numeric) {
        VEIL_RETURN_IF_ERROR(numericInto(d, at, out));
    } else if (d.contains("categories")) {
        const json& c = d["categories"];
        if (!c.is_array() || c.size() > limits::kMaxCategories)
            return expected(at + ".categories", "a list of strings", c);
        for (const auto& v : c) {
            if (!v.is_string()) return expected(at + ".categories[]", "a string", v);
            out.categories.push_back(v.get<std::string>());
        }
        out.source = "declared categories";
    } else {
        if (!d["hierarchy"].is_string()) return expected(at + ".hierarchy", "a file name", d["hierarchy"]);
        fs::path file(d["hierarchy"].get<std::string>());
        if (file.is_relative()) file = fs::path(baseDir) / file;
        const std::string path = file.lexically_normal().string();
        auto h = hierarchy::readHierarchyCsv(path, out.column);
        if (!h) return h.status().withContext(at + ".hierarchy");
        for (const auto& row : h->rows()) out.categories.push_back(row.front());
        out.source = "hierarchy " + fs::path(path).filename().string();
        if (hierarchyFiles) (*hierarchyFiles)[out.column] = path;
    }
    if (auto st = validateDomain(out); !st) return st.withContext(at);
    return out;
}

}  // namespace

Result<std::vector<AttributeDomain>> domainsFromJson(const json& domains, const std::string& baseDir,
                                                     const std::string& field,
                                                     std::map<std::string, std::string>* hierarchyFiles) {
    if (!domains.is_array() || domains.empty()) return expected(field, "a list of declared column domains", domains);
    std::vector<AttributeDomain> out;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < domains.size(); ++i) {
        const std::string at = field + "[" + std::to_string(i) + "]";
        auto d = domainOf(domains[i], at, baseDir, hierarchyFiles);
        if (!d) return d.status();
        if (!seen.insert(d->column).second)
            return Status::invalidArgument(at + ".column: '" + d->column + "' is declared twice");
        out.push_back(std::move(*d));
    }
    return out;
}

}  // namespace veil::synth
