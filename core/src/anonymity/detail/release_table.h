// Builds the released table: QI columns replaced by their generalized labels ("*" for suppressed
// records), roles set (QIs quasi-identifier, the sensitive column sensitive), other columns shared.
#pragma once

#include "veil/anonymity/anonymization.h"

#include <string>
#include <vector>

namespace veil::anonymity::detail {

// `qiColumns[d]` is the table column of QI d; classes.classLabels.at(c, d) its label in class c.
Table buildReleaseTable(const Table& table, const std::vector<std::size_t>& qiColumns,
                        const std::optional<std::size_t>& sensitiveColumn, const EquivalenceClasses& classes);

}  // namespace veil::anonymity::detail
