#include "views/anonymization/summary_text.h"

#include "veil/anonymity/metric_catalog.h"

#include "charts/anonymization/lattice_level_names.h"
#include "panels/display_number.h"
#include "views/anonymization/algorithm_choice.h"
#include "views/anonymization/anonymization_state.h"

#include <cmath>

namespace veil::ui {
namespace {

using anonymity::MetricKind;

QString number(double v) {
    if (std::isnan(v)) return QStringLiteral("–");
    return QString::number(v, 'g', 5);
}

// A metric core could not compute: on a release whose records or cells sit at different levels it
// reports NaN, which reads "n/a (mixed levels)" rather than "nan".
QString metricText(double v, bool mixed) {
    if (std::isnan(v)) return mixed ? QObject::tr("n/a (mixed levels)") : QObject::tr("n/a");
    return number(v);
}

// A transformation by its level names ("age: 10-year bands, sex: *"), its levels after.
QString levelsHtml(const LatticeLevelNames& names, const std::vector<int>& levels) {
    return QObject::tr("%1 <small>(levels %2)</small>")
        .arg(names.describe(levels).toHtmlEscaped(), QString::fromStdString(anonymity::formatLevels(levels)));
}

// Local recoding: one row per pass (pass 0 is the global optimum) with the records it released.
QString passesHtml(const anonymity::AnonymizationResult& r, const LatticeLevelNames& names) {
    QString html = QObject::tr(
        "<table cellspacing=0 cellpadding=2><tr><th align=left>Pass</th><th align=left>Levels</th>"
        "<th align=right>searched</th><th align=right>released</th></tr>");
    for (std::size_t i = 0; i < r.passes.size(); ++i) {
        const auto& p = r.passes[i];
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td align=right>%3</td><td align=right><b>%4</b></td></tr>")
                    .arg(i == 0 ? QObject::tr("0 (global)") : QString::number(i))
                    .arg(levelsHtml(names, p.transformation))
                    .arg(p.records)
                    .arg(p.released);
    }
    return html + QStringLiteral("</table>");
}

// The transformation line: what the algorithm applied, by name.
QString transformationHtml(const anonymity::AnonymizationResult& r, const LatticeLevelNames& names) {
    const QString name = algorithmTitle(r.algorithm).toHtmlEscaped();
    switch (r.algorithm) {
        case anonymity::Algorithm::Optimal:
            return QObject::tr("%1: %2").arg(name, levelsHtml(names, r.transformation));
        case anonymity::Algorithm::LocalRecoding:
            return QObject::tr("%1: %2 passes, records released per pass below").arg(name).arg(r.passes.size());
        case anonymity::Algorithm::Mondrian:
            return QObject::tr("%1: %2 partitions").arg(name).arg(r.partitions.size());
        case anonymity::Algorithm::Mdav:
            // Groups that release the same values are one class of the released table (core's groups).
            if (r.groups != r.classes.classCount())
                return QObject::tr("%1: %2 groups, released as %3 distinct combinations (the classes below)")
                    .arg(name)
                    .arg(r.groups)
                    .arg(r.classes.classCount());
            return QObject::tr("%1: %2 groups").arg(name).arg(r.groups);
        case anonymity::Algorithm::None:
            return QObject::tr("%1: no generalization").arg(name);
    }
    return name;
}

// Local suppression: the cells, the method that produced them, and the guarantee's caveat (the
// words core's release runner adds to the guarantee).
QString localSuppressionHtml(const anonymity::LocalSuppressionSummary& ls) {
    QString html = QObject::tr("<p><b>Local suppression</b> (%1%2): %3.")
                       .arg(QString::fromLatin1(anonymity::localSuppressionMethodName(ls.method)),
                            ls.method == anonymity::LocalSuppressionMethod::Optimal
                                ? (ls.provenOptimal ? QObject::tr(", proven optimal") : QObject::tr(", not proven"))
                                : QString(),
                            QString::fromStdString(anonymity::localSuppressionCellsText(ls)).toHtmlEscaped());
    if (!ls.message.empty()) html += QStringLiteral(" ") + QString::fromStdString(ls.message).toHtmlEscaped();
    if (ls.semantics == anonymity::LocalSuppressionSemantics::Value)
        html += QObject::tr(
                    "<br>Single quasi-identifier cells were suppressed ('*') instead of records; a '*' is counted as "
                    "a value of its own (ARX's semantics), so every released combination occurs at least %1 "
                    "times.</p>")
                    .arg(ls.minMatches);
    else
        html += QObject::tr(
                    "<br><span style='color:#9a6700'>Single quasi-identifier cells were suppressed ('*') instead of "
                    "records; a '*' is counted as matching any value (sdcMicro's semantics), so every record "
                    "matches at least %1 records, while records with the same released values may be fewer than "
                    "k.</span></p>")
                    .arg(ls.minMatches);
    return html;
}

QString riskRow(const QString& name, const QString& before, const QString& after) {
    return QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right><b>%3</b></td></tr>")
        .arg(name, before, after);
}

QString metricsHtml(const anonymity::AnonymizationResult& r) {
    const bool mixed = releaseMixesLevels(r);
    auto title = [](MetricKind m) {
        const auto& info = anonymity::metricInfo(m);
        return QString::fromUtf8(info.title.data(), qsizetype(info.title.size())).toHtmlEscaped();
    };
    QString html = QObject::tr("<p><b>Information loss</b> (optimised: %1)</p>").arg(title(r.metric));
    html += QStringLiteral("<table cellspacing=0 cellpadding=2>");
    for (MetricKind m : anonymity::kAllMetrics) {
        const auto& d = anonymity::metricInfo(m).description;
        html += QStringLiteral("<tr><td title=\"%3\">%1</td><td align=right>%2</td></tr>")
                    .arg(title(m), metricText(r.metrics.get(m), mixed),
                         QString::fromUtf8(d.data(), qsizetype(d.size())).toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

QString riskHtml(const anonymity::AnonymizationResult& r) {
    QString html = QObject::tr("<p><b>Re-identification risk</b> (prosecutor model)</p>");
    html += QObject::tr("<table cellspacing=0 cellpadding=2><tr><th></th><th>before</th><th>after</th></tr>");
    const auto& b = r.riskBefore;
    const auto& a = r.riskAfter;
    html +=
        riskRow(QObject::tr("Highest risk"), displayPercent(b.prosecutorMax, 2), displayPercent(a.prosecutorMax, 2));
    html +=
        riskRow(QObject::tr("Average risk"), displayPercent(b.prosecutorAvg, 2), displayPercent(a.prosecutorAvg, 2));
    html += riskRow(QObject::tr("Records at risk > %1").arg(displayPercent(a.threshold, 2)),
                    QString::number(b.recordsAtRisk), QString::number(a.recordsAtRisk));
    html += riskRow(QObject::tr("Unique records"), QString::number(b.uniques), QString::number(a.uniques));
    html += riskRow(QObject::tr("Marketer risk"), displayPercent(b.marketer, 2), displayPercent(a.marketer, 2));
    return html + QStringLiteral("</table>");
}

}  // namespace

QString summaryHtml(const AnonymizationRun& run) {
    const auto& r = run.result;
    QString html;
    if (!r.found)
        html += QObject::tr("<p style='color:#b41e1e'><b>Not anonymous:</b> %1</p>")
                    .arg(QString::fromStdString(r.message).toHtmlEscaped());
    html +=
        QStringLiteral("<p><b>%1</b><br>").arg(QString::fromStdString(run.config.models.describe()).toHtmlEscaped());
    const auto names = LatticeLevelNames::fromConfig(run.config, r.quasiIdentifiers, {});
    html += transformationHtml(r, names);
    html += QObject::tr(" &middot; %1 s</p>").arg(number(r.seconds));
    if (r.algorithm == anonymity::Algorithm::LocalRecoding && !r.passes.empty()) html += passesHtml(r, names);
    if (r.localSuppression) html += localSuppressionHtml(*r.localSuppression);
    html += QStringLiteral("<table cellspacing=0 cellpadding=2>");
    html +=
        QObject::tr("<tr><td>Equivalence classes</td><td align=right><b>%1</b></td></tr>").arg(r.classes.classCount());
    html += QObject::tr("<tr><td>Kept classes</td><td align=right>%1</td></tr>").arg(r.classes.keptClasses());
    html += QObject::tr("<tr><td>Smallest kept class</td><td align=right><b>%1</b></td></tr>")
                .arg(r.classes.minKeptClassSize());
    html += QObject::tr("<tr><td>Suppressed records</td><td align=right>%1 of %2</td></tr>")
                .arg(r.suppressed)
                .arg(run.input.rowCount());
    html += QStringLiteral("</table>");
    html += metricsHtml(r);
    html += riskHtml(r);
    for (const auto& w : r.warnings)
        html += QStringLiteral("<p style='color:#9a6700'>%1</p>").arg(QString::fromStdString(w).toHtmlEscaped());
    return html;
}

}  // namespace veil::ui
