#include "views/anonymization/linkage_panel.h"

#include "jobs/table_loader.h"
#include "views/anonymization/anonymization_state.h"

#include "veil/anonymity/attacks.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace veil::ui {

LinkagePanel::LinkagePanel(AnonymizationState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    m_loader = new TableLoader(this);
    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("<b>Linkage attack</b>: join a public table (e.g. a voter list with names) to the data on "
                      "shared attributes. An external record matching exactly one record re-identifies it."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* row = new QHBoxLayout;
    auto* load = new QPushButton(tr("Load external table…"), this);
    auto* simulate = new QPushButton(tr("Simulate a voter list"), this);
    simulate->setObjectName(QStringLiteral("linkage-simulate"));
    simulate->setToolTip(tr("Every 50th original record's quasi-identifiers, as a public register would list them"));
    auto* run = new QPushButton(tr("Run linkage"), this);
    run->setObjectName(QStringLiteral("linkage-run"));
    row->addWidget(load);
    row->addWidget(simulate);
    row->addWidget(run);
    m_source = new QLabel(tr("No external table"), this);
    row->addWidget(m_source, 1);
    layout->addLayout(row);
    auto* body = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("Join on:"), this));
    m_columns = new QListWidget(this);
    m_columns->setObjectName(QStringLiteral("linkage-columns"));
    m_columns->setMaximumWidth(220);
    left->addWidget(m_columns);
    body->addLayout(left);
    auto* right = new QVBoxLayout;
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("linkage-result"));
    m_result->setWordWrap(true);
    right->addWidget(m_result);
    m_matches = new QTableWidget(this);
    m_matches->setColumnCount(3);
    m_matches->setHorizontalHeaderLabels({tr("External record"), tr("Matches in original"), tr("Matches in release")});
    m_matches->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_matches->verticalHeader()->hide();
    m_matches->setEditTriggers(QAbstractItemView::NoEditTriggers);
    right->addWidget(m_matches, 1);
    body->addLayout(right, 1);
    layout->addLayout(body, 1);

    connect(load, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("External table"), {}, tr("CSV (*.csv *.tsv *.txt)"));
        if (!path.isEmpty()) m_loader->start(path);
    });
    connect(m_loader, &TableLoader::loaded, this, [this](const QString& path, const CsvReadResult& result, qint64) {
        setExternal(result.table, QFileInfo(path).fileName());
    });
    connect(m_loader, &TableLoader::failed, this,
            [this](const QString&, const QString& message) { m_source->setText(message); });
    connect(simulate, &QPushButton::clicked, this, [this] { simulateExternal(); });
    connect(run, &QPushButton::clicked, this, &LinkagePanel::runAttack);
    connect(m_state, &AnonymizationState::runChanged, this, &LinkagePanel::refreshColumns);
}

void LinkagePanel::simulateExternal(std::size_t stride) {
    const AnonymizationRun* run = m_state->run();
    if (!run) return;
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < run->input.rowCount(); r += std::max<std::size_t>(stride, 1)) rows.push_back(r);
    setExternal(run->input.selectRows(rows), tr("simulated voter list (every %1th record)").arg(stride));
}

void LinkagePanel::setExternal(const Table& table, const QString& name) {
    m_external = table;
    m_source->setText(tr("External: %1, %2 records").arg(name).arg(table.rowCount()));
    refreshColumns();
}

void LinkagePanel::refreshColumns() {
    m_columns->clear();
    const AnonymizationRun* run = m_state->run();
    if (!run || m_external.columnCount() == 0) return;
    for (const auto& name : m_external.columnNames()) {
        if (!run->input.columnIndex(name).isOk()) continue;
        auto* item = new QListWidgetItem(QString::fromStdString(name), m_columns);
        const bool qi = std::find(run->result.quasiIdentifiers.begin(), run->result.quasiIdentifiers.end(), name) !=
                        run->result.quasiIdentifiers.end();
        item->setCheckState(qi ? Qt::Checked : Qt::Unchecked);
    }
}

std::vector<std::string> LinkagePanel::joinColumns() const {
    std::vector<std::string> on;
    for (int i = 0; i < m_columns->count(); ++i)
        if (m_columns->item(i)->checkState() == Qt::Checked) on.push_back(m_columns->item(i)->text().toStdString());
    return on;
}

bool LinkagePanel::runAttack() {
    const AnonymizationRun* run = m_state->run();
    const auto on = joinColumns();
    if (!run || m_external.rowCount() == 0 || on.empty()) {
        m_result->setText(tr("Run the anonymization, load or simulate an external table and choose join columns."));
        return false;
    }
    auto original = anonymity::linkageAttack(run->input, m_external, on);
    if (!original.isOk()) {
        m_result->setText(QString::fromStdString(original.status().message()));
        return false;
    }
    // The attacker generalizes the external records with the published transformation.
    Table external = m_external;
    if (run->result.algorithm == anonymity::Algorithm::Optimal) {
        auto config = run->config;
        config.models = {};
        config.sensitive.reset();
        config.sensitiveHierarchy.reset();
        config.suppressionLimit = 0;
        config.localSuppression.reset();  // the attacker applies the published levels only
        config.transformation = run->result.transformation;
        std::erase_if(config.quasiIdentifiers, [&](const auto& q) { return !m_external.columnIndex(q.column).isOk(); });
        if (config.quasiIdentifiers.size() == run->result.quasiIdentifiers.size()) {
            auto generalized = anonymity::anonymize(m_external, config);
            if (generalized.isOk()) external = generalized->output;
        }
    }
    auto released = anonymity::linkageAttack(run->result.output, external, on);
    if (!released.isOk()) {
        m_result->setText(QString::fromStdString(released.status().message()));
        return false;
    }
    m_original = original->reidentified;
    m_release = released->reidentified;
    m_result->setText(tr("Of %1 external records, <b style='color:#b41e1e'>%2 re-identify a record of the original</b> "
                         "and <b>%3 re-identify a record of the release</b> (%4).")
                          .arg(m_external.rowCount())
                          .arg(m_original)
                          .arg(m_release)
                          .arg(QString::fromStdString(run->config.models.describe())));
    const int rows = int(std::min<std::size_t>(m_external.rowCount(), 2000));
    m_matches->setRowCount(rows);
    for (int r = 0; r < rows; ++r) {
        QStringList key;
        for (const auto& c : on)
            key << QString::fromStdString(m_external.column(*m_external.columnIndex(c)).toString(std::size_t(r)));
        m_matches->setItem(r, 0, new QTableWidgetItem(key.join(QStringLiteral(", "))));
        for (int side = 0; side < 2; ++side) {
            const auto& report = side == 0 ? *original : *released;
            const std::size_t n = report.matches[std::size_t(r)].privateRows.size();
            auto* item = new QTableWidgetItem(n == 1 ? tr("1 — re-identified") : QString::number(n));
            if (n == 1) item->setBackground(QColor(255, 205, 205));
            m_matches->setItem(r, 1 + side, item);
        }
    }
    return true;
}

}  // namespace veil::ui
