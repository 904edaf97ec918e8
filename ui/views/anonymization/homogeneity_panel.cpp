#include "views/anonymization/homogeneity_panel.h"

#include "views/anonymization/anonymization_state.h"

#include "veil/anonymity/attacks.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace veil::ui {

HomogeneityPanel::HomogeneityPanel(AnonymizationState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("<b>Homogeneity attack</b>: an attacker who knows that someone is in an "
                                "equivalence class learns their sensitive value when the whole class shares it. "
                                "k-anonymity does not prevent this; l-diversity and t-closeness do."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Vulnerable when fewer than"), this));
    m_l = new QSpinBox(this);
    m_l->setRange(2, 100);
    m_l->setValue(2);
    m_l->setSuffix(tr(" distinct values"));
    row->addWidget(m_l);
    auto* lButton = new QPushButton(tr("Re-run with distinct l-diversity"), this);
    lButton->setObjectName(QStringLiteral("homogeneity-protect-l"));
    auto* tButton = new QPushButton(tr("Re-run with 0.2-closeness"), this);
    tButton->setObjectName(QStringLiteral("homogeneity-protect-t"));
    row->addWidget(lButton);
    row->addWidget(tButton);
    row->addStretch(1);
    layout->addLayout(row);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("homogeneity-result"));
    m_result->setWordWrap(true);
    layout->addWidget(m_result);
    m_history = new QLabel(this);
    m_history->setWordWrap(true);
    layout->addWidget(m_history);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("homogeneity-classes"));
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels(
        {tr("Generalized quasi-identifiers"), tr("Records"), tr("Distinct values"), tr("Disclosed value")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_table, 1);
    connect(m_l, &QSpinBox::valueChanged, this, &HomogeneityPanel::analyse);
    connect(lButton, &QPushButton::clicked, this, &HomogeneityPanel::protectWithLDiversity);
    connect(tButton, &QPushButton::clicked, this, &HomogeneityPanel::protectWithTCloseness);
    connect(m_state, &AnonymizationState::runChanged, this, &HomogeneityPanel::analyse);
    analyse();
}

void HomogeneityPanel::protectWithLDiversity() {
    m_before = m_result->text();
    AnonymizationSettings after = m_state->settings();
    after.lDiversityEnabled = true;
    after.lDiversity.variant = anonymity::LDiversityVariant::Distinct;
    after.lDiversity.l = m_l->value();
    m_state->edit(after, tr("Enable distinct %1-diversity").arg(m_l->value()));
    Q_EMIT runRequested();
}

void HomogeneityPanel::protectWithTCloseness() {
    m_before = m_result->text();
    AnonymizationSettings after = m_state->settings();
    after.tClosenessEnabled = true;
    after.tCloseness.variant = anonymity::TClosenessVariant::EqualDistance;
    after.tCloseness.t = 0.2;
    m_state->edit(after, tr("Enable 0.2-closeness"));
    Q_EMIT runRequested();
}

void HomogeneityPanel::analyse() {
    m_vulnerable = -1;
    m_table->setRowCount(0);
    const AnonymizationRun* run = m_state->run();
    if (!run) {
        m_result->setText(tr("Run the anonymization first."));
        return;
    }
    if (!run->config.sensitive) {
        m_result->setText(tr("Mark a sensitive attribute in the Data tab to check for homogeneous classes."));
        return;
    }
    auto report = anonymity::homogeneityAttack(run->result.output, run->result.quasiIdentifiers, *run->config.sensitive,
                                               m_l->value());
    if (!report.isOk()) {
        m_result->setText(QString::fromStdString(report.status().message()));
        return;
    }
    m_vulnerable = int(report->vulnerableClasses);
    const QString sensitive = QString::fromStdString(*run->config.sensitive);
    m_result->setText(tr("<b>%1 of %2 classes</b> (%3 records) have fewer than %4 distinct values of %5; "
                         "%6 classes are completely homogeneous. Release: %7.")
                          .arg(report->vulnerableClasses)
                          .arg(report->classes)
                          .arg(report->recordsAffected)
                          .arg(m_l->value())
                          .arg(sensitive)
                          .arg(report->homogeneousClasses)
                          .arg(QString::fromStdString(run->config.models.describe())));
    m_result->setStyleSheet(report->vulnerableClasses > 0 ? QStringLiteral("color: #b41e1e;")
                                                          : QStringLiteral("color: #146e28;"));
    m_history->setText(m_before.isEmpty() ? QString() : tr("Before: %1").arg(m_before));
    const int rows = int(std::min<std::size_t>(report->vulnerable.size(), 2000));
    m_table->setRowCount(rows);
    for (int r = 0; r < rows; ++r) {
        const auto& c = report->vulnerable[std::size_t(r)];
        QStringList key;
        for (const auto& k : c.key) key << QString::fromStdString(k);
        m_table->setItem(r, 0, new QTableWidgetItem(key.join(QStringLiteral(" | "))));
        auto* size = new QTableWidgetItem;
        size->setData(Qt::DisplayRole, qulonglong(c.size));
        m_table->setItem(r, 1, size);
        auto* distinct = new QTableWidgetItem;
        distinct->setData(Qt::DisplayRole, qulonglong(c.distinctSensitive));
        m_table->setItem(r, 2, distinct);
        auto* value = new QTableWidgetItem(QString::fromStdString(c.disclosedValue));
        if (!c.disclosedValue.empty()) value->setBackground(QColor(255, 205, 205));
        m_table->setItem(r, 3, value);
    }
}

}  // namespace veil::ui
