#include "jobs/source_names.h"

#include "veil/table/table_source.h"

#include <QFileInfo>
#include <QUrl>

namespace veil::ui {

bool isDatabaseSourceUri(const QString& source) { return isDatabaseSource(source.toStdString()); }

QString storableSource(const QString& source) {
    return QString::fromStdString(sourceWithoutPassword(source.toStdString()));
}

QString redactedSource(const QString& source) {
    return QString::fromStdString(redactSourcePassword(source.toStdString()));
}

QString sourceDisplayName(const QString& source) {
    if (!isDatabaseSourceUri(source)) return QFileInfo(source).fileName();
    const QString safe = storableSource(source);
    const qsizetype q = safe.indexOf(QLatin1Char('?'));
    const QString location = safe.left(q);
    QString what = QStringLiteral("query");
    for (const QString& kv : (q < 0 ? QString() : safe.mid(q + 1)).split(QLatin1Char('&')))
        if (kv.startsWith(QLatin1String("table="))) what = QUrl::fromPercentEncoding(kv.mid(6).toUtf8());
    if (location.startsWith(QLatin1String("sqlite:")))
        return QStringLiteral("%1 — %2").arg(what,
                                             QFileInfo(QUrl::fromPercentEncoding(location.mid(7).toUtf8())).fileName());
    const QString database = location.mid(location.lastIndexOf(QLatin1Char('/')) + 1);
    return QStringLiteral("%1 — %2 (PostgreSQL)").arg(what, database);
}

}  // namespace veil::ui
