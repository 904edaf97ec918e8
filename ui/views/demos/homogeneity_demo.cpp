#include "views/demos/homogeneity_demo.h"

#include "views/demos/demo_support.h"

#include "veil/anonymity/risk.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>

namespace veil::ui {
namespace {

const std::vector<std::string> kQuasiIdentifiers = {"DOB", "Sex", "ZIP"};

QString explanation() {
    return QObject::tr(
        "<p><b>k-anonymity</b>: every combination of quasi-identifiers (DOB, Sex, ZIP) appears at least k "
        "times, so a linkage attack finds k candidates, never one.</p>"
        "<p>But k-anonymity says nothing about the <b>sensitive</b> value. If everyone in a group has the "
        "same salary, knowing someone is in the group reveals their salary: the <b>homogeneity attack</b>. "
        "(\"Everyone in their 30's has cancer.\")</p>"
        "<p><b>l-diversity</b> asks each group to hold at least l distinct sensitive values. Both releases "
        "here are 2-anonymous; only one is 2-diverse. The problem is the choice of grouping, not the data.</p>"
        "<p><i>Source: seed 004, slides \"Homogeneity Attack [Machanavajjhala+ 06]\" and \"l-Diversity\"; "
        "seed 002, \"Why (not) k-anonymity?\".</i></p>");
}

}  // namespace

HomogeneityDemo::HomogeneityDemo(QWidget* parent)
    : DemoPage(tr("k-anonymity, homogeneity attack, l-diversity"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-homogeneity"));
    demo::loadDemoTables(
        {{&m_original, "homogeneity.csv"}, {&m_notOk, "homogeneity_not_ok.csv"}, {&m_ok, "homogeneity_ok.csv"}},
        m_loadError);
    auto* form = new QFormLayout;
    m_release = new QComboBox;
    m_release->setObjectName(QStringLiteral("release"));
    m_release->addItems({tr("Keep DOB, hide Sex and ZIP (groups share a salary)"),
                         tr("Keep ZIP, generalize DOB, hide Sex (salaries mixed)")});
    form->addRow(tr("Generalization"), m_release);
    m_l = new QSpinBox;
    m_l->setObjectName(QStringLiteral("l"));
    m_l->setRange(2, 4);
    m_l->setValue(2);
    form->addRow(tr("l (distinct salaries per group)"), m_l);
    content()->addLayout(form);
    auto* grid = new QGridLayout;
    grid->addWidget(new QLabel(tr("<b>Original table</b>")), 0, 0);
    grid->addWidget(new QLabel(tr("<b>Released table</b> — attacked groups in orange")), 0, 1);
    m_originalView = demo::makeTableWidget();
    m_releasedView = demo::makeTableWidget();
    grid->addWidget(m_originalView, 1, 0);
    grid->addWidget(m_releasedView, 1, 1);
    content()->addLayout(grid);
    demo::showTable(m_originalView, m_original);
    demo::showTable(m_releasedView, m_notOk);
    connect(m_release, &QComboBox::currentIndexChanged, this, &HomogeneityDemo::run);
    connect(m_l, &QSpinBox::valueChanged, this, &HomogeneityDemo::run);
    if (!m_loadError.isEmpty()) setResult(m_loadError.toHtmlEscaped());
}

void HomogeneityDemo::setRelease(int index) { m_release->setCurrentIndex(index); }
void HomogeneityDemo::setL(int l) { m_l->setValue(l); }
const Table& HomogeneityDemo::releasedTable() const { return m_release->currentIndex() == 0 ? m_notOk : m_ok; }

QString HomogeneityDemo::doRun() {
    if (!m_loadError.isEmpty()) return m_loadError;
    const Table& released = releasedTable();
    auto risk = anonymity::assessRisk(released, kQuasiIdentifiers);
    if (!risk.isOk()) return QString::fromStdString(risk.status().message());
    auto report = anonymity::homogeneityAttack(released, kQuasiIdentifiers, "Salary", m_l->value());
    if (!report.isOk()) return QString::fromStdString(report.status().message());
    m_k = risk.value().minClassSize;
    m_report = report.value();

    // Rows of the vulnerable groups (matched on their quasi-identifier values).
    std::vector<std::size_t> qi;
    for (const auto& name : kQuasiIdentifiers) qi.push_back(released.columnIndex(name).value());
    std::set<std::size_t> rows;
    QStringList groups;
    for (const auto& g : m_report->vulnerable) {
        for (std::size_t r = 0; r < released.rowCount(); ++r) {
            bool same = true;
            for (std::size_t i = 0; i < qi.size() && same; ++i) same = released.column(qi[i]).toString(r) == g.key[i];
            if (same) rows.insert(r);
        }
        QStringList key;
        for (const auto& v : g.key) key << QString::fromStdString(v);
        groups << (g.disclosedValue.empty() ? tr("(%1): %2 records, only %3 distinct salaries")
                                                  .arg(key.join(QStringLiteral(", ")))
                                                  .arg(g.size)
                                                  .arg(g.distinctSensitive)
                                            : tr("(%1): %2 records, all earn <b>%3</b> — disclosed")
                                                  .arg(key.join(QStringLiteral(", ")))
                                                  .arg(g.size)
                                                  .arg(QString::fromStdString(g.disclosedValue)));
    }
    demo::showTable(m_releasedView, released, rows);
    const bool diverse = m_report->vulnerableClasses == 0;
    setResult(
        tr("<p>The release is <b>%1-anonymous</b> (%2 groups).</p><p>Homogeneity attack with l = %3: "
           "<b>%4 of %2 groups</b> attacked, %5 records affected.%6</p><p>%7</p>")
            .arg(m_k)
            .arg(m_report->classes)
            .arg(m_l->value())
            .arg(m_report->vulnerableClasses)
            .arg(m_report->recordsAffected)
            .arg(groups.isEmpty() ? QString() : QStringLiteral("<br>") + groups.join(QStringLiteral("<br>")))
            .arg(diverse
                     ? tr("<b>The table is %1-diverse</b>: every group holds at least %1 salaries.").arg(m_l->value())
                     : tr("<b>Not %1-diverse.</b>").arg(m_l->value())));
    return {};
}

}  // namespace veil::ui
