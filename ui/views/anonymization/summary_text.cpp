#include "views/anonymization/summary_text.h"

#include "veil/anonymity/metric_catalog.h"

#include "views/anonymization/anonymization_state.h"

#include <cmath>

namespace veil::ui {
namespace {

using anonymity::MetricKind;

QString number(double v) {
    if (std::isnan(v)) return QStringLiteral("–");
    return QString::number(v, 'g', 5);
}

QString percent(double v) { return QString::number(v * 100.0, 'f', 2) + QStringLiteral(" %"); }

QString riskRow(const QString& name, const QString& before, const QString& after) {
    return QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right><b>%3</b></td></tr>")
        .arg(name, before, after);
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
    if (r.algorithm == anonymity::Algorithm::Optimal)
        html += QObject::tr("Transformation %1").arg(QString::fromStdString(anonymity::formatLevels(r.transformation)));
    else
        html += QObject::tr("Mondrian: %1 partitions").arg(r.partitions.size());
    html += QObject::tr(" &middot; %1 s</p>").arg(number(r.seconds));
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

    auto title = [](MetricKind m) {
        const auto& info = anonymity::metricInfo(m);
        return QString::fromUtf8(info.title.data(), qsizetype(info.title.size())).toHtmlEscaped();
    };
    html += QObject::tr("<p><b>Information loss</b> (optimised: %1)</p>").arg(title(r.metric));
    html += QStringLiteral("<table cellspacing=0 cellpadding=2>");
    for (MetricKind m : anonymity::kAllMetrics) {
        const auto& d = anonymity::metricInfo(m).description;
        html += QStringLiteral("<tr><td title=\"%3\">%1</td><td align=right>%2</td></tr>")
                    .arg(title(m), number(r.metrics.get(m)),
                         QString::fromUtf8(d.data(), qsizetype(d.size())).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");

    html += QObject::tr("<p><b>Re-identification risk</b> (prosecutor model)</p>");
    html += QObject::tr("<table cellspacing=0 cellpadding=2><tr><th></th><th>before</th><th>after</th></tr>");
    const auto& b = r.riskBefore;
    const auto& a = r.riskAfter;
    html += riskRow(QObject::tr("Highest risk"), percent(b.prosecutorMax), percent(a.prosecutorMax));
    html += riskRow(QObject::tr("Average risk"), percent(b.prosecutorAvg), percent(a.prosecutorAvg));
    html += riskRow(QObject::tr("Records at risk > %1").arg(percent(a.threshold)), QString::number(b.recordsAtRisk),
                    QString::number(a.recordsAtRisk));
    html += riskRow(QObject::tr("Unique records"), QString::number(b.uniques), QString::number(a.uniques));
    html += riskRow(QObject::tr("Marketer risk"), percent(b.marketer), percent(a.marketer));
    html += QStringLiteral("</table>");
    for (const auto& w : r.warnings)
        html += QStringLiteral("<p style='color:#9a6700'>%1</p>").arg(QString::fromStdString(w).toHtmlEscaped());
    return html;
}

}  // namespace veil::ui
