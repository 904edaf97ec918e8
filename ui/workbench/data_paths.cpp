#include "workbench/data_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

namespace veil::ui {

QString resourceDirectory(const QString& sub, const QString& probeFile) {
    QStringList roots;
    if (qEnvironmentVariableIsSet("VEIL_RESOURCES_DIR")) roots << qEnvironmentVariable("VEIL_RESOURCES_DIR");
    const QString app = QCoreApplication::applicationDirPath();
    roots << app + QStringLiteral("/../share/veil/resources") << app + QStringLiteral("/../share/veil")
          << QStringLiteral(VEIL_SOURCE_RESOURCES_DIR);
    for (const QString& root : roots) {
        const QString dir = root + QLatin1Char('/') + sub;
        if (QFileInfo::exists(dir + QLatin1Char('/') + probeFile)) return QDir(dir).absolutePath();
    }
    return {};
}

}  // namespace veil::ui
