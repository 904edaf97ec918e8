#include "dialogs/help_topics.h"

#include "workbench/data_paths.h"

#include <QDir>
#include <QFileInfo>

#include <array>
#include <utility>

namespace veil::ui {

QString helpDocsDirectory() {
    const QString installed = resourceDirectory(QStringLiteral("docs"), userGuidePage());
    if (!installed.isEmpty()) return installed;
    const QString source = QStringLiteral(VEIL_SOURCE_RESOURCES_DIR "/../docs");
    return QFileInfo::exists(source + QLatin1Char('/') + userGuidePage()) ? QDir(source).absolutePath() : QString();
}

QString helpPageForView(const QString& viewId) {
    static const std::array<std::pair<const char*, const char*>, 8> pages = {{
        {"anonymize", "algorithms/privacy_models.md"},
        {"mechanisms", "algorithms/additive_mechanisms.md"},
        {"histograms", "algorithms/range_query_histograms.md"},
        {"synthesize", "algorithms/synthetic_data.md"},
        {"spatial", "algorithms/private_spatial_decompositions.md"},
        {"graph", "algorithms/graph_sensitivity.md"},
        {"experiments", "algorithms/experiments.md"},
        {"ledger", "algorithms/privacy_ledger.md"},
    }};
    for (const auto& [id, page] : pages)
        if (viewId == QLatin1String(id)) return QString::fromLatin1(page);
    return userGuidePage();
}

QString helpPageForMethod(const QString& methodKey) {
    if (methodKey == QLatin1String("exponential")) return QStringLiteral("algorithms/exponential_mechanism.md");
    if (methodKey == QLatin1String("smooth")) return QStringLiteral("algorithms/median_mechanisms.md");
    return {};
}

}  // namespace veil::ui
