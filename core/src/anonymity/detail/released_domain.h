// ReleasedDomain: which released values of one attribute stand for which original values, read off
// the aligned rows (row r's released value contains row r's original value). Utility analysis uses
// it both ways: the original values a released value contains (spreading the released contingency
// table over the original domain) and the released values an original value is given (reading an
// original record in the released domain for a classifier trained on the release).
#pragma once

#include "veil/anonymity/weighted_codes.h"

#include <cstdint>
#include <vector>

namespace veil::anonymity::detail {

class ReleasedDomain {
public:
    // `original` and `released`: per row, the codes of the two columns (below `originalValues` and
    // `releasedValues`); `suppressed[g]` = 1 when released code g is a suppressed value, which
    // contains every original value; `countRow[r]` = 0 leaves row r out of the weights (a
    // suppressed record: its released values say nothing about how the release recodes a value).
    ReleasedDomain(const std::vector<std::uint32_t>& original, const std::vector<std::uint32_t>& released,
                   std::size_t originalValues, std::size_t releasedValues, const std::vector<std::uint8_t>& suppressed,
                   const std::vector<std::uint8_t>& countRow);

    // The original codes released code g contains (all of them for a suppressed value), ascending.
    const std::vector<std::uint32_t>& contains(std::uint32_t g) const { return m_contains[g]; }
    // The released codes that contain original code v, ascending.
    const std::vector<std::uint32_t>& containing(std::uint32_t v) const { return m_containing[v]; }
    // Original code v read in the released domain: the released codes the counted rows holding v
    // show, each with its share of those rows (empty when no counted row holds v).
    const WeightedCodes& given(std::uint32_t v) const { return m_given[v]; }

private:
    std::vector<std::vector<std::uint32_t>> m_contains, m_containing;
    std::vector<WeightedCodes> m_given;
};

}  // namespace veil::anonymity::detail
