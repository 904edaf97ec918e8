#include "views/spatial/spatial_settings.h"

#include "veil/common/validate.h"

#include <QCoreApplication>

namespace veil::ui {
namespace {
QString tr(const char* text) { return QCoreApplication::translate("SpatialSettings", text); }
}  // namespace

std::optional<spatial::TreeKind> SpatialSettings::treeKind() const {
    if (method == "quad") return spatial::TreeKind::Quadtree;
    if (method == "kd") return spatial::TreeKind::KdTree;
    if (method == "hybrid") return spatial::TreeKind::Hybrid;
    return std::nullopt;
}

spatial::PsdRequest SpatialSettings::psdRequest(std::size_t dataColumns, std::size_t dataRows) const {
    spatial::PsdRequest r;
    r.kind = method;
    r.epsilon = epsilon;
    r.options = {{"postprocess", postprocess}};
    if (isGrid()) {
        if (dataColumns > 0 && dataRows > 0) r.options["data_columns"] = dataColumns, r.options["data_rows"] = dataRows;
        return r;
    }
    r.options["height"] = height;
    r.options["budget"] = spatial::budgetStrategyName(budget);
    if (method != "quad") r.options["median"] = spatial::medianMethodName(median);
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
    const QString eps = QString::fromStdString(formatNumber(epsilon));
    QString s = isGrid() ? tr("%1, ε = %2").arg(methodLabel(method), eps)
                         : tr("%1, height %2, ε = %3, %4 budget")
                               .arg(methodLabel(method))
                               .arg(height)
                               .arg(eps)
                               .arg(QString::fromLatin1(spatial::budgetStrategyName(budget)));
    if (!isGrid() && method != "quad") s += tr(", %1 medians").arg(medianMethodLabel(median));
    if (postprocess) s += tr(", post-processed");
    return s;
}

const std::vector<std::string>& spatialMethods() {
    static const std::vector<std::string> methods = {"quad", "kd", "hybrid", "grid", "agrid"};
    return methods;
}

QString methodLabel(const std::string& method) {
    if (method == "agrid") return tr("adaptive grid (AGrid)");
    if (method == "grid") return treeKindLabel(spatial::TreeKind::UniformGrid);
    if (method == "kd") return treeKindLabel(spatial::TreeKind::KdTree);
    if (method == "hybrid") return treeKindLabel(spatial::TreeKind::Hybrid);
    return treeKindLabel(spatial::TreeKind::Quadtree);
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
