// The groups page summary as HTML: the algorithm by name with what it applied (transformation,
// local recoding's passes with the records each released, partitions, MDAV groups), local
// suppression's cells with the guarantee's caveat, classes, smallest class, suppressed records,
// information loss under every metric ("n/a (mixed levels)" where core has none), and the
// re-identification risk before and after. Formatting only; every number comes from core.
#pragma once

#include <QString>

namespace veil::ui {

struct AnonymizationRun;

QString summaryHtml(const AnonymizationRun& run);

}  // namespace veil::ui
