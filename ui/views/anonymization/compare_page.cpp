#include "views/anonymization/compare_page.h"

#include "charts/value_counts_chart_builder.h"
#include "views/anonymization/anonymization_state.h"
#include "charts/widget_export.h"

#include "veil/table/column_summary.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QVBoxLayout>

namespace veil::ui {

ComparePage::ComparePage(AnonymizationState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Attribute:"), this));
    m_attribute = new QComboBox(this);
    m_attribute->setObjectName(QStringLiteral("compare-attribute"));
    m_attribute->setMinimumWidth(200);
    row->addWidget(m_attribute);
    row->addStretch(1);
    layout->addLayout(row);
    auto* split = new QSplitter(Qt::Horizontal, this);
    m_original = new QChartView(split);
    m_original->setObjectName(QStringLiteral("compare-original"));
    m_released = new QChartView(split);
    m_released->setObjectName(QStringLiteral("compare-released"));
    for (QChartView* v : {m_original, m_released}) v->setRenderHint(QPainter::Antialiasing);
    installExportMenu(m_original, QStringLiteral("distribution-original"));
    installExportMenu(m_released, QStringLiteral("distribution-released"));
    layout->addWidget(split, 1);
    connect(m_attribute, &QComboBox::currentIndexChanged, this, &ComparePage::redraw);
    connect(m_state, &AnonymizationState::runChanged, this, [this] {
        refreshChoices();
        redraw();
    });
    refreshChoices();
    redraw();
}

void ComparePage::refreshChoices() {
    const QSignalBlocker blocker(m_attribute);
    const QString old = m_attribute->currentText();
    m_attribute->clear();
    const AnonymizationRun* run = m_state->run();
    if (!run) return;
    for (const auto& q : run->result.quasiIdentifiers) m_attribute->addItem(QString::fromStdString(q));
    for (const auto& name : run->input.columnNames())
        if (m_attribute->findText(QString::fromStdString(name)) < 0) m_attribute->addItem(QString::fromStdString(name));
    // Start with an attribute the release generalized, where the difference shows.
    int start = m_attribute->findText(old);
    for (std::size_t q = 0; start < 0 && q < run->result.transformation.size(); ++q)
        if (run->result.transformation[q] > 0) start = int(q);
    m_attribute->setCurrentIndex(std::max(0, start));
}

void ComparePage::redraw() {
    const AnonymizationRun* run = m_state->run();
    const std::string name = m_attribute->currentText().toStdString();
    auto replace = [](QChartView* view, QChart* chart) {
        QChart* old = view->chart();
        view->setChart(chart);
        delete old;
    };
    if (!run || name.empty()) {
        replace(m_original, new QChart);
        replace(m_released, new QChart);
        return;
    }
    const auto in = run->input.columnIndex(name);
    const auto out = run->result.output.columnIndex(name);
    if (!in.isOk() || !out.isOk()) return;
    const Column& original = run->input.column(*in);
    const Column& released = run->result.output.column(*out);
    const QString title = QString::fromStdString(name);
    replace(m_original,
            ValueCountsChartBuilder::build(valueCounts(original), original.type(), tr("Original: %1").arg(title)));
    replace(m_released,
            ValueCountsChartBuilder::build(valueCounts(released), released.type(), tr("Released: %1").arg(title)));
}

}  // namespace veil::ui
