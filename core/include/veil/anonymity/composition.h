// Composition attack: two releases of overlapping data, each safe on its own, intersected. A
// person whose record is in both falls into one class of each; the sensitive values they can have
// are those present in both classes (seed 002, slide "Composition"; Ganta, Kasiviswanathan &
// Smith, KDD 2008).
#pragma once

#include "veil/common/status.h"
#include "veil/table/table.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity {

// One release as the attack sees it: the released table and the class of each of its records.
struct ReleaseView {
    const Table* table = nullptr;
    const std::vector<std::uint32_t>* recordClass = nullptr;
};

struct CompositionReport {
    std::size_t firstClassSize = 0;
    std::size_t secondClassSize = 0;
    std::vector<std::string> firstValues;  // distinct sensitive values of the target's class, sorted
    std::vector<std::string> secondValues;
    std::vector<std::string> intersection;  // what the attacker is left with
};

// The target is record `firstRow` of the first release and `secondRow` of the second. Errors:
// missing table or classes, a row out of range, classes of the wrong length, an unknown
// sensitive column (naming it). O(|first| + |second|).
Result<CompositionReport> compositionAttack(const ReleaseView& first, std::size_t firstRow, const ReleaseView& second,
                                            std::size_t secondRow, const std::string& sensitive);

}  // namespace veil::anonymity
