// EncodedData: the table as the lattice search sees it. Each QI value is replaced by its row in
// the QI's hierarchy, each hierarchy label by a dense id per level; records with equal QI rows
// (and equal sensitive value / subset flag) are merged into "bottom groups" so that every node is
// grouped from the distinct tuples instead of the records.
#pragma once

#include "veil/anonymity/anonymization.h"

#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity::detail {

// The 64-bit finalizer of MurmurHash3 (Appleby): mixes the record keys of groupings.
inline std::uint64_t mixKey(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

struct QiDimension {
    std::string name;
    std::size_t column = 0;
    const hierarchy::Hierarchy* hierarchy = nullptr;  // owned by the AnonymizationConfig
    int height = 0;
    std::vector<std::vector<std::uint32_t>> rowLabel;      // [level][hierarchy row] -> label id
    std::vector<std::vector<std::string>> labelText;       // [level][label id]
    std::vector<std::vector<double>> labelShare;           // [level][label id]: leaves / rows (ARX domain share)
    std::vector<std::vector<std::uint32_t>> labelRecords;  // [level][label id]: records with that label
    std::vector<std::uint32_t> valueRows;   // hierarchy rows occurring in the data, first-occurrence order
    std::vector<std::uint32_t> rowRecords;  // [hierarchy row] -> records with that value
};

struct SensitiveData {
    bool present = false;
    std::size_t column = 0;
    std::string name;
    std::vector<std::string> values;          // distinct values, code order
    std::vector<double> globalFrequency;      // per code, sums to 1
    std::vector<std::uint32_t> orderedCodes;  // codes sorted by the value order (numeric when all numeric)
    std::vector<std::uint32_t> rankOfCode;    // inverse of orderedCodes
    // Hierarchical distance: per level >= 1, the label id of every code; labels per level.
    std::vector<std::vector<std::uint32_t>> codeLabel;
    std::vector<std::uint32_t> labelsPerLevel;
    int hierarchyHeight = 0;
};

struct EncodedData {
    std::size_t records = 0;
    std::vector<QiDimension> dims;  // table column order
    SensitiveData sensitive;
    bool hasSubset = false;
    // Bottom groups: distinct (QI rows, sensitive code, subset flag), in first-occurrence order.
    std::size_t groups = 0;
    std::vector<std::uint32_t> groupRow;  // groups x dims
    std::vector<std::uint32_t> groupSize;
    std::vector<std::uint32_t> groupSensitive;  // code (0 when no sensitive attribute)
    std::vector<std::uint32_t> groupSubset;     // records of the research subset in the group
    std::vector<std::uint32_t> recordGroup;     // per record

    std::size_t dimensions() const { return dims.size(); }
    std::uint32_t label(std::size_t group, std::size_t dim, int level) const {
        return dims[dim].rowLabel[std::size_t(level)][groupRow[group * dims.size() + dim]];
    }
};

// Validates the configuration against the table and encodes it. `needHierarchies`: every QI
// must have a hierarchy (optimal search). Errors are user-facing (see anonymize()).
Result<EncodedData> encodeTable(const Table& table, const AnonymizationConfig& config, const RunContext& ctx);

// The QIs of the config sorted by the table's column order, with their column indices.
Result<std::vector<std::pair<std::size_t, const QuasiIdentifier*>>> orderedQuasiIdentifiers(
    const Table& table, const AnonymizationConfig& config);

// Encodes the sensitive attribute (config.sensitive must be set) into data.sensitive and one
// code per record; checks the sensitive hierarchy when given.
Status encodeSensitive(const Table& table, const AnonymizationConfig& config, EncodedData& data,
                       std::vector<std::uint32_t>& recordCode);

// Checks model parameters (k, l, c, t, suppression, delta) against the table size.
Status validateModels(const AnonymizationConfig& config, std::size_t records);

}  // namespace veil::anonymity::detail
