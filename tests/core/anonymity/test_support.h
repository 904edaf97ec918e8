// Helpers shared by the anonymity suites: small tables built in code, data files, hierarchies.
#pragma once

#include "sanitizer_scale.h"
#include "veil/anonymity/anonymization.h"
#include "veil/anonymity/lattice.h"
#include "veil/common/random.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/table/csv_reader.h"

#include <QtTest>

#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace testsupport {

// The lattice's nodes in an order shuffled with a fixed seed (test input, not noise): what a cache
// of rolled-up classes computes must not depend on the order a search visits the nodes in.
inline std::vector<std::size_t> shuffledNodes(const veil::anonymity::GeneralizationLattice& lattice,
                                              std::uint64_t seed) {
    std::vector<std::size_t> order(lattice.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    veil::SeededRandom rng(seed);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[std::size_t(rng.uniformBelow(i))]);
    return order;
}

// A table of text columns (categorical) from rows of strings.
inline veil::Table textTable(const std::vector<std::string>& names, const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::shared_ptr<const veil::Column>> cols;
    for (std::size_t c = 0; c < names.size(); ++c) {
        veil::Column::Builder b(names[c], veil::ColumnType::Categorical, rows.size());
        for (const auto& r : rows) b.appendCategory(r[c]);
        cols.push_back(b.finish());
    }
    return veil::Table(cols);
}

inline veil::hierarchy::Hierarchy rowsHierarchy(const std::string& name, std::vector<std::vector<std::string>> rows) {
    auto h = veil::hierarchy::Hierarchy::fromRows(name, std::move(rows));
    if (!h) qFatal("bad test hierarchy %s: %s", name.c_str(), h.status().message().c_str());
    return *h;
}

inline veil::Table readTable(const std::string& path) {
    auto t = veil::readCsvFile(path);
    if (!t) qFatal("cannot read %s: %s", path.c_str(), t.status().message().c_str());
    return t->table;
}

// The table in Release; every `every`-th record of it in a sanitizer build (sanitizer_scale.h):
// the same columns and lattice, fewer rows.
inline veil::Table sanitizerSubset(veil::Table t, std::size_t every = 8) {
    if (!veil::test::kSanitized) return t;
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < t.rowCount(); r += every) rows.push_back(r);
    return t.selectRows(rows);
}

inline veil::hierarchy::Hierarchy readHierarchy(const std::string& path, const std::string& name) {
    auto h = veil::hierarchy::readHierarchyCsv(path, name);
    if (!h) qFatal("cannot read %s: %s", path.c_str(), h.status().message().c_str());
    return *h;
}

// Seed 004 "Tabular Data Example" census table (DOB, Sex, ZIP, Salary) with the Incognito
// domain hierarchies B0 -> B1 = {76-86}, S0 -> S1 = {*}, Z0 -> Z1 = {5371*, 5370*} -> Z2 = {537**}.
inline veil::Table censusTable() {
    return textTable({"DOB", "Sex", "ZIP", "Salary"}, {{"1/21/76", "M", "53715", "50,000"},
                                                       {"4/13/86", "F", "53715", "55,000"},
                                                       {"2/28/76", "M", "53703", "60,000"},
                                                       {"1/21/76", "M", "53703", "65,000"},
                                                       {"4/13/86", "F", "53706", "70,000"},
                                                       {"2/28/76", "F", "53706", "75,000"}});
}

inline veil::anonymity::AnonymizationConfig censusConfig(int k) {
    using namespace veil::anonymity;
    AnonymizationConfig cfg;
    cfg.quasiIdentifiers = {
        {"DOB", rowsHierarchy("DOB", {{"1/21/76", "76-86"}, {"2/28/76", "76-86"}, {"4/13/86", "76-86"}})},
        {"Sex", rowsHierarchy("Sex", {{"M", "*"}, {"F", "*"}})},
        {"ZIP", rowsHierarchy("ZIP", {{"53715", "5371*", "537**"},
                                      {"53710", "5371*", "537**"},
                                      {"53706", "5370*", "537**"},
                                      {"53703", "5370*", "537**"}})}};
    cfg.models.k = k;
    return cfg;
}

}  // namespace testsupport
