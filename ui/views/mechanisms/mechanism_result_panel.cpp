#include "views/mechanisms/mechanism_result_panel.h"

#include "charts/mechanisms/histogram_answer_chart_builder.h"
#include "charts/mechanisms/noise_chart_builder.h"
#include "charts/mechanisms/repeated_release_chart_builder.h"
#include "charts/widget_export.h"
#include "panels/display_number.h"
#include "views/mechanisms/histogram_answer.h"
#include "workbench/release_session.h"

#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace veil::ui {

QString formatDpValue(double value) { return QString::number(value, 'g', 6); }

QString outsideIntervalReason(const dp::ColumnQueryResult& r) {
    if (r.mechanism == dp::MechanismKind::Exponential)
        return MechanismResultPanel::tr(
            "the released value lies outside it: the interval bounds the rank of the answer among the data "
            "values, and the exponential mechanism draws its answer uniformly between two neighbouring data "
            "values, so it can fall in the gap just beyond the last value of the interval");
    return MechanismResultPanel::tr(
        "the released value lies outside it: the interval covers the noise with the stated confidence, so "
        "a release outside it is rare but possible");
}

namespace {
QLabel* makeLabel(const QString& name, QWidget* parent, int pointDelta = 0, bool bold = false) {
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() + pointDelta);
    font.setBold(bold);
    label->setFont(font);
    return label;
}

QChartView* makeChartView(const QString& name, const QString& exportName, QWidget* parent) {
    auto* view = new QChartView(parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(360, 240);
    installExportMenu(view, exportName);
    return view;
}
}  // namespace

MechanismResultPanel::MechanismResultPanel(const QString& name, QWidget* parent) : QWidget(parent) {
    m_heading = makeLabel(QStringLiteral("heading"), this, 2, true);
    m_answer = makeLabel(QStringLiteral("answer"), this, 6, true);
    m_scale = makeLabel(QStringLiteral("noise-scale"), this, 1);
    m_interval = makeLabel(QStringLiteral("interval"), this, 1);
    m_truth = makeLabel(QStringLiteral("true-value"), this, 1);
    m_notes = makeLabel(QStringLiteral("notes"), this);
    m_noiseView = makeChartView(QStringLiteral("noise-chart"), name + QStringLiteral("-noise"), this);
    m_repeatedView = makeChartView(QStringLiteral("repeated-chart"), name + QStringLiteral("-repeated"), this);
    m_binTable = new QTableWidget(this);
    m_binTable->setObjectName(QStringLiteral("bin-table"));
    m_binTable->verticalHeader()->setVisible(false);
    m_binTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_binTable->setMinimumHeight(160);
    m_histogramView = makeChartView(QStringLiteral("histogram-chart"), name + QStringLiteral("-histogram"), this);
    auto* layout = new QVBoxLayout(this);
    for (QLabel* l : {m_heading, m_answer, m_scale, m_interval, m_truth}) layout->addWidget(l);
    layout->addWidget(m_binTable, 1);
    layout->addWidget(m_histogramView, 2);
    layout->addWidget(m_notes);
    layout->addWidget(m_noiseView, 1);
    layout->addWidget(m_repeatedView, 1);
    clear();
}

void MechanismResultPanel::clear(const QString& message) {
    m_release.reset();
    m_outdated = false;
    m_outdatedReason.clear();
    setProperty("outdated", false);
    m_repeatedValues.clear();
    m_heading->setText(message.isEmpty() ? tr("No release yet — press Run") : message);
    for (QLabel* l : {m_answer, m_scale, m_interval, m_truth, m_notes}) l->clear();
    m_answer->setProperty("value", QVariant());
    m_scale->setProperty("value", QVariant());
    m_noiseView->setChart(new QChart);
    m_repeatedView->setChart(new QChart);
    m_binTable->clear();
    m_binTable->setRowCount(0);
    m_binTable->setVisible(false);
    m_histogramView->setChart(new QChart);
    m_histogramView->setVisible(false);
}

void MechanismResultPanel::showResult(const dp::ColumnQueryResult& release, const dp::ColumnQueryResult& repeated) {
    m_release = release;
    m_outdated = false;
    m_outdatedReason.clear();
    setProperty("outdated", false);
    m_repeatedValues.clear();
    for (const auto& trial : repeated.releases)
        if (!trial.empty()) m_repeatedValues.push_back(trial[0]);
    redraw();
}

void MechanismResultPanel::markOutdated(const QString& reason) {
    if (!m_release) return;
    m_outdated = true;
    m_outdatedReason = reason;
    setProperty("outdated", true);
    redraw();
}

void MechanismResultPanel::setShowTrue(bool show) {
    if (m_showTrue == show) return;
    m_showTrue = show;
    if (m_release) redraw();
}

void MechanismResultPanel::redraw() {
    const dp::ColumnQueryResult& r = *m_release;
    const QString mech = QString::fromLatin1(dp::mechanismKindName(r.mechanism));
    const QString query = QString::fromLatin1(dp::queryKindName(r.query));
    m_heading->setText(tr("%1 of %2 — %3 mechanism (ε = %4%5, %6)")
                           .arg(query, QString::fromStdString(r.column), mech)
                           .arg(r.epsilon, 0, 'g', 3)
                           .arg(r.delta > 0 ? tr(", δ = %1").arg(r.delta, 0, 'g', 3) : QString())
                           .arg(QString::fromLatin1(dp::neighbouringName(r.neighbouring))));
    if (m_outdated)
        m_heading->setText(QStringLiteral("<span style='color:#b00020'>%1</span><br>%2")
                               .arg(tr("OUTDATED — %1. This is the previous result; press Run for a new one.")
                                        .arg(m_outdatedReason.toHtmlEscaped()),
                                    m_heading->text().toHtmlEscaped()));
    showAnswer(r);
    if (r.noiseScale > 0)
        m_scale->setText(
            tr("Noise scale: %1 (sensitivity %2)").arg(formatDpValue(r.noiseScale), formatDpValue(r.sensitivity)));
    else
        m_scale->setText(tr("Noise scale: depends on the data (not released)"));
    m_scale->setProperty("value", r.noiseScale);
    const std::size_t outputs = r.releases.empty() ? 0 : r.releases[0].size();
    const bool multi = outputs > 1 || r.query == dp::QueryKind::Histogram;
    const bool haveTrue = !r.trueValues.empty();
    m_truth->setVisible(m_showTrue && !multi);  // a histogram's true counts are in its table
    m_truth->setText(haveTrue ? tr("True value (teaching): %1").arg(formatDpValue(r.trueValues[0])) : QString());
    QStringList notes;
    notes << receiptHtml(r.receipt);
    if (r.rowsUsed > 0) notes << tr("%1 rows used").arg(r.rowsUsed);
    for (const auto& n : r.notes) notes << roundNumbersInText(QString::fromStdString(n)).toHtmlEscaped();
    m_notes->setText(notes.join(QStringLiteral(" · ")));

    // The histogram median's noise is on each bin count, not on the answer: draw it around 0.
    const bool perBin = r.mechanism == dp::MechanismKind::Histogram || multi;
    const bool around = m_showTrue && haveTrue && !perBin;
    m_noiseView->setChart(NoiseChartBuilder::build(r.noise, around ? r.trueValues[0] : 0.0,
                                                   perBin   ? tr("Noise added to each bin count")
                                                   : around ? tr("Noise distribution around the true value")
                                                            : tr("Noise distribution (centred on 0)")));
    drawRepeated(r, haveTrue, multi);
}

// The answer line and interval; a histogram's bins go to the table and the bar chart instead.
void MechanismResultPanel::showAnswer(const dp::ColumnQueryResult& r) {
    const std::vector<double>& values = r.releases.empty() ? std::vector<double>{} : r.releases[0];
    const bool histogram = values.size() > 1 || r.query == dp::QueryKind::Histogram;
    m_binTable->setVisible(histogram);
    m_histogramView->setVisible(histogram);
    if (histogram) {
        const std::vector<dp::ConfidenceInterval> none;
        const auto& intervals = r.intervals.empty() ? none : r.intervals.front();  // one per bin, from core
        m_answer->setText(tr("Noisy answer: %1 bins — see the table and chart below").arg(values.size()));
        m_answer->setProperty("value", values.empty() ? QVariant() : QVariant(values[0]));
        m_interval->setText(intervals.empty() ? QString()
                                              : tr("%1% confidence interval of each bin: noisy count ± %2")
                                                    .arg(intervals.front().confidence * 100, 0, 'g', 3)
                                                    .arg(formatDpValue(intervals.front().upper - values.front())));
        fillHistogramTable(m_binTable, r, intervals, m_showTrue);
        m_histogramView->setChart(HistogramAnswerChartBuilder::build(
            r.labels, values, intervals,
            tr("Released histogram of %1 with %2")
                .arg(QString::fromStdString(r.column),
                     m_interval->text().isEmpty() ? tr("no intervals") : tr("per-bin intervals"))));
        return;
    }
    if (!values.empty()) {
        m_answer->setText(tr("Noisy answer: %1").arg(formatDpValue(values[0])));
        m_answer->setProperty("value", values[0]);
    } else {
        m_answer->clear();
        m_answer->setProperty("value", QVariant());
    }
    if (!r.intervals.empty() && !r.intervals[0].empty()) {
        const auto& ci = r.intervals[0][0];
        QString text = tr("%1% confidence interval: [%2, %3]")
                           .arg(ci.confidence * 100, 0, 'g', 3)
                           .arg(formatDpValue(ci.lower), formatDpValue(ci.upper));
        if (!values.empty() && (values[0] < ci.lower || values[0] > ci.upper))
            text += QStringLiteral(" — ") + outsideIntervalReason(r);
        m_interval->setText(text);
    } else {
        m_interval->clear();
    }
}

void MechanismResultPanel::drawRepeated(const dp::ColumnQueryResult& r, bool haveTrue, bool multi) {
    const std::optional<double> mark = (m_showTrue && haveTrue) ? std::optional<double>(r.trueValues[0]) : std::nullopt;
    if (m_repeatedValues.empty()) {
        m_repeatedView->setChart(new QChart);
        m_repeatedView->chart()->setTitle(
            tr("Repeated releases are drawn in teaching mode only (each would be charged)"));
        return;
    }
    m_repeatedView->setChart(RepeatedReleaseChartBuilder::build(
        m_repeatedValues, mark,
        tr("%1 repeated releases%2").arg(m_repeatedValues.size()).arg(multi ? tr(" (first bin)") : QString())));
}

}  // namespace veil::ui
