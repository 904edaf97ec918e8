#include "views/anonymization/risk_findings.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace veil::ui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("RiskFindings", text); }
}  // namespace

Result<RiskFindings> assessClasses(const std::vector<std::size_t>& classSizes, double threshold,
                                   std::size_t populationSize) {
    RiskFindings f;
    f.summary = anonymity::riskFromClassSizes(classSizes, threshold);
    f.bands = anonymity::riskDistribution(classSizes);
    if (populationSize > 0 && f.summary.records > 0) {
        auto u = anonymity::estimatePopulationUniqueness(classSizes, populationSize);
        if (!u) return u.status();
        f.uniqueness = *u;
    }
    return f;
}

RiskFindings assessRecordCounts(const std::vector<std::uint32_t>& counts, double threshold) {
    RiskFindings f;
    f.summary = anonymity::riskFromRecordCounts(counts, threshold);
    f.bands = anonymity::riskDistributionFromCounts(counts);
    f.overlapping = true;
    return f;
}

Result<std::size_t> populationSizeFromText(const QString& text, std::size_t records) {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) return std::size_t(0);
    bool ok = false;
    const double value = QLocale::c().toDouble(QString(trimmed).remove(QLatin1Char(',')), &ok);
    if (!ok || !std::isfinite(value) || value <= 0)
        return Status::invalidArgument("population: give a sampling fraction in (0, 1] or a population size, got '" +
                                       trimmed.toStdString() + "'");
    if (value <= 1.0) {  // a sampling fraction: core's rule
        anonymity::PopulationSizeInput input;
        input.samplingFraction = value;
        return anonymity::resolvePopulationSize(records, input);
    }
    if (value != std::floor(value))
        return Status::invalidArgument("population size must be a whole number of records, got '" +
                                       trimmed.toStdString() + "'");
    if (value < double(records))
        return Status::invalidArgument("the population (" + trimmed.toStdString() + ") is smaller than the table (" +
                                       std::to_string(records) + " records)");
    return std::size_t(value);
}

QString percentText(double share) { return QString::number(share * 100, 'g', 3) + QLatin1Char('%'); }

QString uniquesText(const std::optional<double>& estimate, std::size_t populationSize) {
    if (!estimate) return tr("does not apply to this sample");
    return tr("%1 (%2)").arg(QLocale().toString(qlonglong(std::llround(*estimate))),
                             percentText(populationSize > 0 ? *estimate / double(populationSize) : 0.0));
}

QString dankarText(const anonymity::PopulationUniqueness& u) {
    if (!u.dankarModel) return tr("Dankar's rule: no sample uniques, so no population uniques");
    const QString model = QString::fromLatin1(anonymity::uniquenessModelTitle(*u.dankarModel));
    if (!u.dankar) return tr("Dankar's rule chose %1, which does not apply to this sample").arg(model);
    return tr("Dankar's rule chose %1: %2 population uniques (%3)")
        .arg(model, QLocale().toString(qlonglong(std::llround(*u.dankar))),
             percentText(u.populationSize > 0 ? *u.dankar / double(u.populationSize) : 0.0));
}

}  // namespace veil::ui
