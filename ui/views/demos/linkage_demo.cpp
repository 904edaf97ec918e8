#include "views/demos/linkage_demo.h"

#include "views/demos/demo_support.h"

#include "veil/anonymity/risk.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace veil::ui {
namespace {

const std::vector<std::string> kQuasiIdentifiers = {"DOB", "Sex", "ZIP"};

QString explanation() {
    return QObject::tr(
        "<p>A hospital removes names and social security numbers (SSN) and publishes the rest: date of birth "
        "(DOB), sex, ZIP code and salary. Is that anonymous?</p>"
        "<p>A <b>public voter list</b> has SSN, DOB, sex and ZIP. Joining the two on <b>DOB, Sex, ZIP</b> "
        "(the <i>quasi-identifiers</i>) gives each voter's salary when exactly one record matches: a "
        "<b>linkage attack</b>. DOB + sex + ZIP is unique for 87% of US residents (Sweeney 2002).</p>"
        "<p>Now release the <b>2-anonymous generalization</b> (ZIP 537**, some sexes hidden): every "
        "combination of quasi-identifiers appears at least twice, so no voter matches a single record.</p>"
        "<p><i>Source: lecture notes, seed 004, slides \"Tabular Data Example: Linking Attack\" and "
        "\"Anonymization through QI attribute generalization\".</i></p>");
}

}  // namespace

LinkageDemo::LinkageDemo(QWidget* parent) : DemoPage(tr("Linkage attack"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-linkage"));
    demo::loadDemoTables(
        {{&m_census, "census.csv"}, {&m_generalized, "census_generalized.csv"}, {&m_voters, "voters.csv"}},
        m_loadError);
    auto* form = new QFormLayout;
    m_release = new QComboBox;
    m_release->setObjectName(QStringLiteral("release"));
    m_release->addItems({tr("De-identified table (SSN removed)"), tr("2-anonymous generalization")});
    form->addRow(tr("Released table"), m_release);
    content()->addLayout(form);
    content()->addWidget(new QLabel(tr("<b>Released (private) table</b> — re-identified rows in orange")));
    m_releasedView = demo::makeTableWidget();
    content()->addWidget(m_releasedView);
    content()->addWidget(new QLabel(tr("<b>Public voter list</b> (what the attacker knows)")));
    m_votersView = demo::makeTableWidget();
    content()->addWidget(m_votersView);
    demo::showTable(m_votersView, m_voters);
    demo::showTable(m_releasedView, m_census);
    connect(m_release, &QComboBox::currentIndexChanged, this, [this] {
        demo::showTable(m_releasedView, releasedTable());
        run();
    });
    if (!m_loadError.isEmpty()) setResult(m_loadError.toHtmlEscaped());
}

void LinkageDemo::setRelease(int index) { m_release->setCurrentIndex(index); }

const Table& LinkageDemo::releasedTable() const { return m_release->currentIndex() == 0 ? m_census : m_generalized; }

QString LinkageDemo::doRun() {
    if (!m_loadError.isEmpty()) return m_loadError;
    const Table& released = releasedTable();
    auto report = anonymity::linkageAttack(released, m_voters, kQuasiIdentifiers);
    if (!report.isOk()) return QString::fromStdString(report.status().message());
    auto risk = anonymity::assessRisk(released, kQuasiIdentifiers);
    if (!risk.isOk()) return QString::fromStdString(risk.status().message());
    m_report = report.value();
    m_smallestClass = risk.value().minClassSize;

    std::set<std::size_t> reidentified;
    QStringList lines;
    const auto salary = released.columnIndex("Salary");
    for (const auto& match : m_report->matches) {
        const QString ssn = demo::cellText(m_voters, match.externalRow, 0);
        if (match.privateRows.size() == 1) {
            reidentified.insert(match.privateRows.front());
            lines << tr("Voter %1 → <b>re-identified</b>: row %2, salary <b>%3</b>")
                         .arg(ssn)
                         .arg(match.privateRows.front() + 1)
                         .arg(salary.isOk() ? demo::cellText(released, match.privateRows.front(), salary.value())
                                            : QString());
        } else {
            QStringList rows;
            for (auto r : match.privateRows) rows << QString::number(r + 1);
            lines << tr("Voter %1 → matches %2 rows (%3): not unique")
                         .arg(ssn)
                         .arg(match.privateRows.size())
                         .arg(rows.join(QStringLiteral(", ")));
        }
    }
    demo::showTable(m_releasedView, released, reidentified);
    setResult(tr("<p>%1</p><p>Re-identified: <b>%2 of %3</b> voters. Smallest group sharing DOB, Sex, ZIP: "
                 "<b>%4</b> record(s), so the table is <b>%4-anonymous</b>.</p>")
                  .arg(lines.join(QStringLiteral("<br>")))
                  .arg(m_report->reidentified)
                  .arg(m_report->externalRecords)
                  .arg(m_smallestClass));
    return {};
}

}  // namespace veil::ui
