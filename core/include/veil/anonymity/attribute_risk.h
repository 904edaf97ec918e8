// Which combinations of quasi-identifiers single records out (ARX's attribute risk; the question
// behind sdcMicro's SUDA special uniques): for every set of the given attributes, the share of
// records that are unique on it, its distinction (classes / records) and its separation (the share
// of record pairs it tells apart; Motwani & Xu, "Efficient algorithms for masking and finding
// quasi-identifiers", VLDB 2007 workshop). Ranked by size, and within a size by the records
// singled out: the first sets of each size are the ones to generalize first.
#pragma once

#include "veil/common/status.h"
#include "veil/table/table.h"

#include <string>
#include <vector>

namespace veil::anonymity {

struct AttributeSetRisk {
    std::vector<std::string> attributes;
    std::size_t uniques = 0;  // records alone in their class
    double uniqueness = 0;    // uniques / records
    double distinction = 0;   // classes / records
    double separation = 0;    // 1 - sum_E |E|(|E|-1) / (n(n-1))
};

// All sets of at most `maxSize` of the attributes (0 = all sizes); at most 16 attributes. Values
// compared as text. O(2^q n) with q attributes.
Result<std::vector<AttributeSetRisk>> attributeRisk(const Table& table, const std::vector<std::string>& attributes,
                                                    std::size_t maxSize = 0);

}  // namespace veil::anonymity
