#include "views/anonymization/lattice_node_filter.h"

#include "views/anonymization/lattice_transformation_model.h"

#include <cmath>

namespace veil::ui {

bool LatticeNodeFilter::lossBounded() const { return !std::isinf(minLoss) || !std::isinf(maxLoss); }

bool LatticeNodeFilter::accepts(const anonymity::GeneralizationLattice& lattice, std::size_t node) const {
    if (node >= lattice.size()) return false;
    const auto& n = lattice.node(node);
    if (anonymousOnly && n.status != anonymity::NodeStatus::Anonymous) return false;
    if (lossBounded() && !(n.informationLoss >= minLoss && n.informationLoss <= maxLoss)) return false;
    const int height = lattice.heightOf(node);
    if (height < minHeight || height > maxHeight) return false;
    if (allowedLevels.empty()) return true;
    const auto levels = lattice.levelsOf(node);
    for (std::size_t q = 0; q < levels.size() && q < allowedLevels.size(); ++q) {
        const auto level = std::size_t(levels[q]);
        if (level < allowedLevels[q].size() && !allowedLevels[q][level]) return false;
    }
    return true;
}

void LatticeFilterProxy::setNodeFilter(LatticeNodeFilter filter) {
    m_filter = std::move(filter);
    invalidateFilter();
}

bool LatticeFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
    const auto* model = qobject_cast<const LatticeTransformationModel*>(sourceModel());
    return model && m_filter.accepts(model->lattice(), std::size_t(sourceRow));
}

}  // namespace veil::ui
