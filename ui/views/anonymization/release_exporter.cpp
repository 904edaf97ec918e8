#include "views/anonymization/release_exporter.h"

#include "workbench/local_path.h"
#include "views/anonymization/algorithm_choice.h"
#include "views/anonymization/anonymization_state.h"

#include "veil/common/version.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/io/atomic_file.h"
#include "veil/io/hash.h"
#include "veil/table/csv_writer.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace veil::ui {
namespace {

QJsonValue number(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); }

QJsonObject riskJson(const anonymity::RiskSummary& r) {
    return QJsonObject{{"records", qint64(r.records)},
                       {"classes", qint64(r.classes)},
                       {"min_class_size", qint64(r.minClassSize)},
                       {"prosecutor_max", number(r.prosecutorMax)},
                       {"prosecutor_avg", number(r.prosecutorAvg)},
                       {"threshold", number(r.threshold)},
                       {"records_at_risk", qint64(r.recordsAtRisk)},
                       {"journalist_max", number(r.journalistMax)},
                       {"marketer", number(r.marketer)},
                       {"uniques", qint64(r.uniques)}};
}

}  // namespace

QString manifestPathFor(const QString& csvPath) {
    const QFileInfo info(csvPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".manifest.json"));
}

QJsonObject releaseManifest(const AnonymizationRun& run, const AnonymizationSettings& settings,
                            const QString& csvPath) {
    const auto& r = run.result;
    const auto& config = run.config;
    // The input by its path only: a plain hash of the private file is a function of the data that
    // anyone could test guesses against (a release bundle names it by the ledger's keyed fingerprint).
    QJsonObject input{{"path", run.inputPath}, {"records", qint64(run.input.rowCount())}};
    QJsonObject roles;
    for (std::size_t c = 0; c < run.input.columnCount(); ++c)
        roles[QString::fromStdString(run.input.column(c).name())] =
            QString::fromLatin1(attributeRoleName(run.input.role(c)));
    QJsonArray qis;
    QJsonArray hierarchies;
    for (const auto& qi : config.quasiIdentifiers) {
        qis.append(QString::fromStdString(qi.column));
        if (!qi.hierarchy) continue;
        QJsonObject h{{"column", QString::fromStdString(qi.column)},
                      {"levels", qi.hierarchy->height()},
                      {"sha256", QString::fromStdString(sha256Hex(hierarchy::formatHierarchyCsv(*qi.hierarchy)))}};
        auto src = settings.hierarchySources.find(qi.column);
        if (src != settings.hierarchySources.end()) h["source"] = QString::fromStdString(src->second);
        hierarchies.append(h);
    }
    QJsonObject models{{"description", QString::fromStdString(config.models.describe())}, {"k", config.models.k}};
    if (config.models.lDiversity)
        models["l_diversity"] =
            QJsonObject{{"variant", anonymity::lDiversityVariantName(config.models.lDiversity->variant)},
                        {"l", config.models.lDiversity->l},
                        {"c", config.models.lDiversity->c}};
    if (config.models.tCloseness)
        models["t_closeness"] =
            QJsonObject{{"variant", anonymity::tClosenessVariantName(config.models.tCloseness->variant)},
                        {"t", config.models.tCloseness->t}};
    QJsonObject metrics;
    for (anonymity::MetricKind m : anonymity::kAllMetrics)
        metrics[QString::fromLatin1(anonymity::metricName(m))] = number(r.metrics.get(m));

    QJsonObject manifest{
        {"veil_version", QString::fromLatin1(veil::versionString())},
        {"created_utc", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {"output", QFileInfo(csvPath).fileName()},
        {"input", input},
        {"roles", roles},
        {"quasi_identifiers", qis},
        {"sensitive", config.sensitive ? QJsonValue(QString::fromStdString(*config.sensitive)) : QJsonValue()},
        {"hierarchies", hierarchies},
        {"models", models},
        {"suppression_limit", config.suppressionLimit},
        {"metric", QString::fromLatin1(anonymity::metricName(config.metric))},
        {"found", r.found},
        {"classes", qint64(r.classes.classCount())},
        {"min_class_size", qint64(r.classes.minKeptClassSize())},
        {"suppressed_records", qint64(r.suppressed)},
        {"information_loss", number(r.informationLoss)},
        {"metrics", metrics},
        {"risk_before", riskJson(r.riskBefore)},
        {"risk_after", riskJson(r.riskAfter)}};
    if (r.algorithm == anonymity::Algorithm::Optimal) {
        manifest["algorithm"] = config.transformation ? QStringLiteral("optimal (transformation chosen by the user)")
                                                      : QStringLiteral("optimal");
        QJsonArray levels;
        for (int l : r.transformation) levels.append(l);
        manifest["transformation"] = levels;
    } else {
        manifest["algorithm"] = QString::fromLatin1(algorithmPlanName(r.algorithm));
        if (r.algorithm == anonymity::Algorithm::Mondrian) manifest["partitions"] = qint64(r.partitions.size());
        if (r.algorithm == anonymity::Algorithm::Mdav) manifest["groups"] = qint64(r.groups);
    }
    if (r.algorithm == anonymity::Algorithm::LocalRecoding) {
        QJsonArray passes;
        for (const auto& p : r.passes) {
            QJsonArray levels;
            for (int l : p.transformation) levels.append(l);
            passes.append(QJsonObject{
                {"transformation", levels}, {"records", qint64(p.records)}, {"released", qint64(p.released)}});
        }
        manifest["passes"] = passes;
    }
    if (r.localSuppression)
        manifest["local_suppression"] = QJsonObject{
            {"method", QString::fromLatin1(anonymity::localSuppressionMethodName(r.localSuppression->method))},
            {"semantics", QString::fromLatin1(anonymity::localSuppressionSemanticsName(r.localSuppression->semantics))},
            {"cells", qint64(r.localSuppression->suppressedCells)},
            {"min_matches", qint64(r.localSuppression->minMatches)}};
    return manifest;
}

Status writeRelease(const AnonymizationRun& run, const AnonymizationSettings& settings, const QString& csvPath) {
    VEIL_RETURN_IF_ERROR(writeCsvFile(run.result.output, localPath(csvPath)));
    const QByteArray json = QJsonDocument(releaseManifest(run, settings, csvPath)).toJson(QJsonDocument::Indented);
    return writeFileAtomically(localPath(manifestPathFor(csvPath)),
                               std::string_view(json.constData(), std::size_t(json.size())));
}

}  // namespace veil::ui
