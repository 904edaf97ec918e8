// The words for a local suppression's cells, shared by the CLI and the window.
#include "veil/anonymity/anonymization.h"

namespace veil::anonymity {

std::string localSuppressionCellsText(const LocalSuppressionSummary& ls) {
    auto records = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " record" : " records"); };
    const std::size_t partial = ls.suppressedCells - ls.cellsInWholeRecords;
    if (ls.recordsWhollySuppressed == 0)
        return std::to_string(ls.suppressedCells) + " cells in " + records(ls.recordsTouched) +
               " that keep some values";
    const std::string whole =
        records(ls.recordsWhollySuppressed) + " wholly '*' (counted among the suppressed records)";
    if (partial == 0)
        return std::to_string(ls.suppressedCells) + " cells, all in " + whole + "; " + records(ls.recordsTouched) +
               " keep some values";
    return std::to_string(ls.suppressedCells) + " cells: " + std::to_string(ls.cellsInWholeRecords) + " in " + whole +
           ", " + std::to_string(partial) + " in " + records(ls.recordsTouched) + " that keep some values";
}

}  // namespace veil::anonymity
