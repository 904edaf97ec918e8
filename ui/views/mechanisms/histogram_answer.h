// A histogram query's answer in the Mechanisms view: one table row per bin (bin, noisy count and
// its confidence interval, as core computed it for that bin) instead of one long line of text.
#pragma once

#include "veil/dp/column_query.h"

#include <vector>

class QTableWidget;

namespace veil::ui {

// Fills `table` with one row per bin of release 0: bin, noisy count, interval (its bounds also
// under Qt::UserRole and Qt::UserRole + 1) and, only when `showTrue` (teaching mode, where r
// holds true values), the true count.
void fillHistogramTable(QTableWidget* table, const dp::ColumnQueryResult& r,
                        const std::vector<dp::ConfidenceInterval>& intervals, bool showTrue);

}  // namespace veil::ui
