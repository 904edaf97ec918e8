#include "views/anonymization/composition_panel.h"

#include "charts/anonymization/lattice_level_names.h"
#include "views/anonymization/anonymization_job.h"
#include "views/anonymization/anonymization_state.h"

#include "veil/anonymity/composition.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace veil::ui {
namespace {

QString joined(const std::vector<std::string>& values) {
    QStringList out;
    for (const auto& v : values) out << QString::fromStdString(v).toHtmlEscaped();
    return out.join(QStringLiteral(", "));
}

QString rowText(const Table& table, std::size_t row, const std::vector<std::string>& columns) {
    QStringList out;
    for (const auto& c : columns)
        if (auto i = table.columnIndex(c); i.isOk())
            out << QStringLiteral("%1 = %2").arg(
                QString::fromStdString(c), QString::fromStdString(table.column(*i).toString(row)).toHtmlEscaped());
    return out.join(QStringLiteral(", "));
}

}  // namespace

CompositionPanel::CompositionPanel(AnonymizationState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    m_job = new AnonymizationJob(this);
    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("<b>Composition</b>: two releases of overlapping data, each k-anonymous on its "
                      "own. Someone whose record is in both lies in one class of each; only the sensitive values "
                      "found in <i>both</i> classes remain possible."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_node = new QComboBox(this);
    m_node->setObjectName(QStringLiteral("composition-node"));
    m_node->setToolTip(tr("Another anonymous node of the lattice: the second publisher generalized differently"));
    m_offset = new QSpinBox(this);
    m_offset->setRange(0, 0);
    m_offset->setToolTip(tr("The second release covers the records from this one to the end"));
    m_make = new QPushButton(tr("Make the second release"), this);
    m_make->setObjectName(QStringLiteral("composition-make"));
    m_person = new QSpinBox(this);
    m_person->setObjectName(QStringLiteral("composition-person"));
    m_person->setRange(0, 0);
    form->addRow(tr("Second release generalizes with:"), m_node);
    form->addRow(tr("Second release covers records from:"), m_offset);
    form->addRow(QString(), m_make);
    form->addRow(tr("Person (original record, in both releases):"), m_person);
    layout->addLayout(form);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("composition-result"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);
    m_result->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_result, 1);

    connect(m_make, &QPushButton::clicked, this, &CompositionPanel::makeSecondRelease);
    connect(m_person, &QSpinBox::valueChanged, this, &CompositionPanel::showPerson);
    connect(m_job, &AnonymizationJob::succeeded, this, [this](std::shared_ptr<const AnonymizationRun> run) {
        m_second = std::move(run);
        m_person->setRange(m_offset->value(), int(m_first->input.rowCount()) - 1);
        showPerson(m_person->value());
        Q_EMIT secondReleased();
    });
    connect(m_job, &AnonymizationJob::failed, this, [this](const QString& message) { m_result->setText(message); });
    connect(m_job, &AnonymizationJob::finished, this, [this] { m_make->setEnabled(true); });
    connect(m_state, &AnonymizationState::runChanged, this, &CompositionPanel::refreshNodes);
    refreshNodes();
}

LatticeLevelNames CompositionPanel::levelNames() const {
    return LatticeLevelNames::fromConfig(m_first->config, m_first->result.quasiIdentifiers, {});
}

void CompositionPanel::refreshNodes() {
    m_node->clear();
    m_second.reset();
    m_first = m_state->runPtr();
    const auto& lattice = m_state->searchLattice();
    if (!m_first || m_first->result.algorithm != anonymity::Algorithm::Optimal || lattice.size() == 0) {
        m_result->setText(tr("Run the optimal search first: the second release uses another node of its lattice."));
        m_make->setEnabled(false);
        return;
    }
    const auto names = levelNames();
    const auto applied = m_state->appliedNode();
    const std::vector<int> shown = applied ? lattice.levelsOf(*applied) : std::vector<int>(lattice.dimensions(), 0);
    // Preselect the node that is finest where the first release is coarsest: the second
    // publisher reveals what the first one hid, which is when intersecting hurts most.
    int best = -1, bestScore = -1;
    for (std::size_t i : lattice.nodesByHeight()) {
        if (applied && *applied == i) continue;
        if (lattice.node(i).status != anonymity::NodeStatus::Anonymous) continue;
        const auto levels = lattice.levelsOf(i);
        int score = 0;
        for (std::size_t q = 0; q < levels.size(); ++q) score += std::max(0, shown[q] - levels[q]);
        if (score > bestScore) bestScore = score, best = m_node->count();
        m_node->addItem(names.describe(levels), qulonglong(i));  // by level names, as the lattice list
        m_node->setItemData(m_node->count() - 1, QString::fromStdString(anonymity::formatLevels(levels)),
                            Qt::ToolTipRole);
        if (m_node->count() >= 300) break;
    }
    if (best >= 0) m_node->setCurrentIndex(best);
    const int rows = int(m_first->input.rowCount());
    m_offset->setRange(0, std::max(0, rows - 1));
    m_offset->setValue(rows / 2);
    m_make->setEnabled(m_node->count() > 0);
    m_result->setText(m_node->count() > 0
                          ? tr("Choose how the second publisher generalized, then make the second release.")
                          : tr("The lattice has no other anonymous node."));
}

void CompositionPanel::makeSecondRelease() {
    if (!m_first || m_node->count() == 0) return;
    const auto& lattice = m_state->searchLattice();
    const std::size_t node = std::size_t(m_node->currentData().toULongLong());
    std::vector<std::size_t> rows;
    for (std::size_t r = std::size_t(m_offset->value()); r < m_first->input.rowCount(); ++r) rows.push_back(r);
    auto config = m_first->config;
    config.transformation = lattice.levelsOf(node);
    m_make->setEnabled(false);
    m_job->start(m_first->input.selectRows(rows), m_first->inputPath, config);
}

void CompositionPanel::showPerson(int row) {
    m_intersection = -1;
    if (!m_first || !m_second || !m_first->config.sensitive) {
        if (m_first && !m_first->config.sensitive) m_result->setText(tr("Mark a sensitive attribute in the Data tab."));
        return;
    }
    const std::size_t offset = std::size_t(m_offset->value());
    if (row < int(offset)) return;
    const std::string& sensitive = *m_first->config.sensitive;
    const anonymity::ReleaseView first{&m_first->result.output, &m_first->result.classes.recordClass};
    const anonymity::ReleaseView second{&m_second->result.output, &m_second->result.classes.recordClass};
    auto report = anonymity::compositionAttack(first, std::size_t(row), second, std::size_t(row) - offset, sensitive);
    if (!report.isOk()) {
        m_result->setText(QString::fromStdString(report.status().message()));
        return;
    }
    m_intersection = int(report->intersection.size());
    const auto& qis = m_first->result.quasiIdentifiers;
    const QString s = QString::fromStdString(sensitive);
    QString html =
        tr("<p><b>The person</b> (known to the attacker): %1<br>true %2: <i>%3</i></p>")
            .arg(rowText(m_first->input, std::size_t(row), qis), s,
                 QString::fromStdString(
                     m_first->input.column(*m_first->input.columnIndex(sensitive)).toString(std::size_t(row))));
    html += tr("<p><b>Release 1</b> (%1, records 0–%2): class %3 of %4 records<br>possible %5: %6</p>")
                .arg(levelNames().describe(m_first->result.transformation).toHtmlEscaped())
                .arg(m_first->input.rowCount() - 1)
                .arg(rowText(m_first->result.output, std::size_t(row), qis))
                .arg(report->firstClassSize)
                .arg(s, joined(report->firstValues));
    html += tr("<p><b>Release 2</b> (%1, records %2–%3): class %4 of %5 records<br>possible %6: %7</p>")
                .arg(levelNames().describe(m_second->result.transformation).toHtmlEscaped())
                .arg(offset)
                .arg(m_first->input.rowCount() - 1)
                .arg(rowText(m_second->result.output, std::size_t(row) - offset, qis))
                .arg(report->secondClassSize)
                .arg(s, joined(report->secondValues));
    const bool disclosed = report->intersection.size() == 1;
    html += tr("<p style='font-size:large; color:%1'><b>Both together: %2 possible value(s): %3</b>%4</p>")
                .arg(disclosed ? QStringLiteral("#b41e1e") : QStringLiteral("#146e28"))
                .arg(report->intersection.size())
                .arg(joined(report->intersection))
                .arg(disclosed ? tr(" — disclosed") : QString());
    m_result->setText(html);
}

}  // namespace veil::ui
