#include "views/spatial/spatial_recommendation.h"

#include "panels/recommendation_bar.h"

#include <QComboBox>

namespace veil::ui {

std::vector<std::string> spatialCandidates(const QComboBox& methods) {
    std::vector<std::string> out;
    for (int i = 0; i < methods.count(); ++i) out.push_back("psd:" + methods.itemData(i).toString().toStdString());
    return out;
}

std::optional<std::string> methodOfAlgorithm(const QString& algorithm) {
    for (const auto& method : spatialMethods())
        if (algorithm == QStringLiteral("psd:") + QString::fromStdString(method)) return method;
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
