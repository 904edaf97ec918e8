// Composition attack (seed 002, slide "Composition").
#include "veil/anonymity/composition.h"

#include <algorithm>
#include <iterator>
#include <set>

namespace veil::anonymity {
namespace {

Status classValues(const ReleaseView& release, std::size_t row, const std::string& sensitive, const char* which,
                   std::size_t& size, std::vector<std::string>& values) {
    if (!release.table || !release.recordClass)
        return Status::invalidArgument(std::string("the ") + which + " release has no table or no classes");
    const Table& table = *release.table;
    const auto& classes = *release.recordClass;
    if (classes.size() != table.rowCount())
        return Status::invalidArgument(std::string("the ") + which + " release has " + std::to_string(classes.size()) +
                                       " class ids for " + std::to_string(table.rowCount()) + " records");
    if (row >= table.rowCount())
        return Status::invalidArgument(std::string("record ") + std::to_string(row) + " is outside the " + which +
                                       " release (" + std::to_string(table.rowCount()) + " records)");
    auto column = table.columnIndex(sensitive);
    if (!column.isOk()) return Status::notFound(std::string("the ") + which + " release: " + column.status().message());
    const Column& values_ = table.column(*column);
    std::set<std::string> distinct;
    size = 0;
    const std::uint32_t target = classes[row];
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        if (classes[r] != target) continue;
        ++size;
        if (!values_.isMissing(r)) distinct.insert(values_.toString(r));
    }
    values.assign(distinct.begin(), distinct.end());
    return Status::ok();
}

}  // namespace

Result<CompositionReport> compositionAttack(const ReleaseView& first, std::size_t firstRow, const ReleaseView& second,
                                            std::size_t secondRow, const std::string& sensitive) {
    CompositionReport report;
    VEIL_RETURN_IF_ERROR(classValues(first, firstRow, sensitive, "first", report.firstClassSize, report.firstValues));
    VEIL_RETURN_IF_ERROR(
        classValues(second, secondRow, sensitive, "second", report.secondClassSize, report.secondValues));
    std::set_intersection(report.firstValues.begin(), report.firstValues.end(), report.secondValues.begin(),
                          report.secondValues.end(), std::back_inserter(report.intersection));
    return report;
}

}  // namespace veil::anonymity
