#include "views/spatial/spatial_recommendation.h"

#include "panels/recommendation_bar.h"

#include <QComboBox>

namespace veil::ui {

std::vector<std::string> spatialCandidates(const QComboBox& trees) {
    std::vector<std::string> out;
    for (int i = 0; i < trees.count(); ++i)
        out.push_back(std::string("psd:") +
                      spatial::treeKindName(static_cast<spatial::TreeKind>(trees.itemData(i).toInt())));
    return out;
}

std::optional<spatial::TreeKind> treeKindOfAlgorithm(const QString& algorithm) {
    for (auto kind : {spatial::TreeKind::Quadtree, spatial::TreeKind::KdTree, spatial::TreeKind::Hybrid,
                      spatial::TreeKind::UniformGrid})
        if (algorithm == QStringLiteral("psd:") + QLatin1String(spatial::treeKindName(kind))) return kind;
    return std::nullopt;
}

void configureRecommendation(RecommendationBar& bar, const SpatialSettings& settings, std::size_t rows,
                             std::size_t columns) {
    bar.setNoisyScaleAvailable(settings.source == SpatialSource::Table);
    bar.setEpsilon(settings.epsilon);
    if (settings.source == SpatialSource::Shape) bar.setDeclaredScale(static_cast<double>(settings.scale));
    bar.setDomain(2, rows == 0 ? 256 : rows, columns == 0 ? 256 : columns);
}

}  // namespace veil::ui
