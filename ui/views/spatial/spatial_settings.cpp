#include "views/spatial/spatial_settings.h"

#include "veil/common/validate.h"

#include <QCoreApplication>

namespace veil::ui {
namespace {
QString tr(const char* text) { return QCoreApplication::translate("SpatialSettings", text); }
}  // namespace

spatial::PsdOptions SpatialSettings::psdOptions() const {
    spatial::PsdOptions o;
    o.kind = tree;
    o.height = height;
    o.epsilon = epsilon;
    o.budget = budget;
    o.median = median;
    o.postprocess = postprocess;
    return o;
}

bool SpatialSettings::samePoints(const SpatialSettings& other) const {
    if (source != other.source) return false;
    if (source == SpatialSource::Table) return xColumn == other.xColumn && yColumn == other.yColumn;
    return shapePath == other.shapePath && scale == other.scale && seeded == other.seeded &&
           (!seeded || seed == other.seed);
}

QString SpatialSettings::summary() const {
    QString s = tr("%1, height %2, ε = %3, %4 budget")
                    .arg(treeKindLabel(tree))
                    .arg(height)
                    .arg(QString::fromStdString(formatNumber(epsilon)))
                    .arg(QString::fromLatin1(spatial::budgetStrategyName(budget)));
    if (tree != spatial::TreeKind::Quadtree) s += tr(", %1 medians").arg(medianMethodLabel(median));
    if (postprocess) s += tr(", post-processed");
    return s;
}

QString treeKindLabel(spatial::TreeKind kind) {
    switch (kind) {
    case spatial::TreeKind::Quadtree: return tr("quadtree");
    case spatial::TreeKind::KdTree: return tr("kd-tree");
    case spatial::TreeKind::Hybrid: return tr("hybrid tree");
    case spatial::TreeKind::UniformGrid: return tr("uniform grid");
    }
    return {};
}

QString medianMethodLabel(spatial::MedianMethod method) {
    switch (method) {
    case spatial::MedianMethod::Exponential: return tr("exponential mechanism");
    case spatial::MedianMethod::SmoothSensitivity: return tr("smooth sensitivity");
    case spatial::MedianMethod::NoisyMean: return tr("noisy mean");
    case spatial::MedianMethod::CellBased: return tr("cell-based");
    }
    return {};
}

}  // namespace veil::ui
