#include "views/experiments/method_labels.h"

#include "veil/anonymity/metric_catalog.h"
#include "veil/eval/method_registry.h"

#include <QObject>
#include <QStringList>

namespace veil::ui {

namespace {
// "edge-noisy-max-degree" -> "Edge noisy max degree"
QString readable(QString text) {
    text.replace(QLatin1Char('-'), QLatin1Char(' ')).replace(QLatin1Char('+'), QStringLiteral(" + "));
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    return text;
}
}  // namespace

QString methodTitle(const std::string& id) {
    const QString qid = QString::fromStdString(id);
    if (qid.startsWith(QLatin1String("optimal:"))) {
        if (auto metric = anonymity::parseMetric(id.substr(8)))
            return QObject::tr("Optimal lattice search — %1")
                .arg(QString::fromUtf8(anonymity::metricInfo(*metric).title.data(),
                                       qsizetype(anonymity::metricInfo(*metric).title.size())));
    }
    if (qid == QLatin1String("mondrian")) return QObject::tr("Mondrian partitioning");
    if (qid.startsWith(QLatin1String("graph:"))) return QObject::tr("Graph — %1").arg(readable(qid.mid(6)));
    if (auto info = eval::findMethod(id); info.isOk()) {
        const QString description = QString::fromStdString(info.value()->description);
        const qsizetype colon = description.indexOf(QStringLiteral(": "));
        if (colon > 0 && colon <= 48) return description.left(colon);
    }
    const qsizetype colon = qid.indexOf(QLatin1Char(':'));
    return readable(colon >= 0 ? qid.mid(colon + 1) : qid);
}

QString optionsText(const nlohmann::json& options) {
    QStringList parts;
    if (!options.is_object()) return {};
    for (auto it = options.begin(); it != options.end(); ++it) {
        const auto& v = it.value();
        QString value = v.is_string()    ? QString::fromStdString(v.get<std::string>())
                        : v.is_boolean() ? (v.get<bool>() ? QObject::tr("yes") : QObject::tr("no"))
                                         : QString::fromStdString(v.dump());
        parts << QStringLiteral("%1: %2").arg(readable(QString::fromStdString(it.key())).toLower(), value);
    }
    return parts.join(QStringLiteral(", "));
}

QString methodText(const eval::MethodSpec& spec) {
    // A label the user gave names the variant already (e.g. "mondrian (relaxed)"): the options then
    // stay in the tooltip.
    if (spec.label != spec.id)
        return QStringLiteral("%1 — %2").arg(QString::fromStdString(spec.label), methodTitle(spec.id));
    const QString options = optionsText(spec.options);
    return options.isEmpty() ? methodTitle(spec.id) : QStringLiteral("%1 (%2)").arg(methodTitle(spec.id), options);
}

}  // namespace veil::ui
