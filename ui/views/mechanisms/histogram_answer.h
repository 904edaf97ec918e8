// A histogram query's answer in the Mechanisms view: one table row per bin (bin, noisy count and
// its confidence interval) instead of one long line of text. Each bin's interval is computed from
// the mechanism's noise distribution as core computes the single-value interval: the released
// value plus or minus the noise's half-width at the stated confidence.
#pragma once

#include "veil/dp/column_query.h"

#include <vector>

class QTableWidget;

namespace veil::ui {

// The interval of every bin of release 0 of `r`: value -+ r.noise.halfWidth(confidence), the
// confidence taken from r's own intervals (0.95 when it has none). Without additive noise, r's
// own intervals are returned as they are. Empty when r has no release.
std::vector<dp::ConfidenceInterval> histogramBinIntervals(const dp::ColumnQueryResult& r);

// Fills `table` with one row per bin of release 0: bin, noisy count, interval (its bounds also
// under Qt::UserRole and Qt::UserRole + 1) and, only when `showTrue` (teaching mode, where r
// holds true values), the true count.
void fillHistogramTable(QTableWidget* table, const dp::ColumnQueryResult& r,
                        const std::vector<dp::ConfidenceInterval>& intervals, bool showTrue);

}  // namespace veil::ui
