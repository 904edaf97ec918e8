#include "views/spatial/spatial_settings.h"

#include "veil/common/validate.h"

#include <QCoreApplication>

namespace veil::ui {
namespace {
QString tr(const char* text) { return QCoreApplication::translate("SpatialSettings", text); }
}  // namespace

spatial::PsdRequest SpatialSettings::psdRequest() const {
    spatial::PsdRequest r;
    r.kind = spatial::treeKindName(tree);
    r.epsilon = epsilon;
    r.options = {{"height", height}, {"budget", spatial::budgetStrategyName(budget)}, {"postprocess", postprocess}};
    if (tree != spatial::TreeKind::Quadtree) r.options["median"] = spatial::medianMethodName(median);
    return r;
}

bool SpatialSettings::samePoints(const SpatialSettings& other) const {
    if (source != other.source) return false;
    if (source == SpatialSource::Table)
        return xColumn == other.xColumn && yColumn == other.yColumn && domain.has_value() == other.domain.has_value() &&
               (!domain || (domain->x0 == other.domain->x0 && domain->y0 == other.domain->y0 &&
                            domain->x1 == other.domain->x1 && domain->y1 == other.domain->y1));
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
        case spatial::TreeKind::Quadtree:
            return tr("quadtree");
        case spatial::TreeKind::KdTree:
            return tr("kd-tree");
        case spatial::TreeKind::Hybrid:
            return tr("hybrid tree");
        case spatial::TreeKind::UniformGrid:
            return tr("uniform grid");
    }
    return {};
}

QString medianMethodLabel(spatial::MedianMethod method) {
    switch (method) {
        case spatial::MedianMethod::Exponential:
            return tr("exponential mechanism");
        case spatial::MedianMethod::SmoothSensitivity:
            return tr("smooth sensitivity");
        case spatial::MedianMethod::NoisyMean:
            return tr("noisy mean");
        case spatial::MedianMethod::CellBased:
            return tr("cell-based");
    }
    return {};
}

}  // namespace veil::ui
