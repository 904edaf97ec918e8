// The groups page summary as HTML: classes, smallest class, suppressed records, the
// transformation or partition count, information loss under every metric, and the
// re-identification risk before and after. Formatting only; every number comes from core.
#pragma once

#include <QString>

namespace veil::ui {

struct AnonymizationRun;

QString summaryHtml(const AnonymizationRun& run);

}  // namespace veil::ui
