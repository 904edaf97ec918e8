#include "views/demos/composition_demo.h"

#include "views/demos/demo_support.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>

#include <map>

namespace veil::ui {
namespace {

QString explanation() {
    return QObject::tr(
        "<p>Two hospitals publish k-anonymous tables of overlapping patients: release <b>(a)</b> is "
        "4-anonymous, release <b>(b)</b> is 6-anonymous. Each looks safe on its own.</p>"
        "<p><b>Alice</b> is 28, lives in 13012, and is in both. In (a) she is one of the four people under "
        "30; in (b) one of the six under 35. Her condition must appear in <b>both</b> groups: intersect "
        "them.</p><p><b>Adi</b> is 58: what conditions can they have?</p>"
        "<p>k-anonymity does not <b>compose</b>: two safe releases together can reveal a secret. "
        "Differential privacy does compose (the ε's add up).</p>"
        "<p><i>Source: seed 002, slide \"Composition\" (tables (a) and (b)).</i></p>");
}

const std::vector<std::string> kQuasiIdentifiers = {"Zip code", "Age", "Nationality"};

}  // namespace

std::vector<std::uint32_t> CompositionDemo::classesOf(const Table& table) {
    std::map<std::vector<std::string>, std::uint32_t> ids;
    std::vector<std::uint32_t> classes;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        std::vector<std::string> key;
        for (const auto& name : kQuasiIdentifiers)
            if (auto c = table.columnIndex(name); c.isOk()) key.push_back(table.column(c.value()).toString(r));
        classes.push_back(ids.emplace(key, std::uint32_t(ids.size())).first->second);
    }
    return classes;
}

int CompositionDemo::rowForAge(const Table& table, int age) {
    const auto column = table.columnIndex("Age");
    if (!column.isOk()) return -1;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        const QString g = QString::fromStdString(table.column(column.value()).toString(r));
        bool ok = false;
        if (g.startsWith(QLatin1Char('<'))) {
            if (const int v = g.mid(1).toInt(&ok); ok && age < v) return int(r);
        } else if (g.startsWith(QStringLiteral("≥"))) {
            if (const int v = g.mid(1).toInt(&ok); ok && age >= v) return int(r);
        } else if (g.endsWith(QLatin1Char('*'))) {
            if (const int v = g.chopped(1).toInt(&ok); ok && age / 10 == v) return int(r);
        }
    }
    return -1;
}

CompositionDemo::CompositionDemo(QWidget* parent)
    : DemoPage(tr("Composition of two k-anonymous releases"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-composition"));
    demo::loadDemoTables({{&m_a, "release_a.csv"}, {&m_b, "release_b.csv"}}, m_loadError);
    auto* form = new QFormLayout;
    m_person = new QComboBox;
    m_person->addItems({tr("Alice (28, ZIP 13012)"), tr("Adi (58)"), tr("Someone else")});
    m_age = new QSpinBox;
    m_age->setObjectName(QStringLiteral("age"));
    m_age->setRange(0, 120);
    m_age->setValue(28);
    form->addRow(tr("Person in both releases"), m_person);
    form->addRow(tr("Age"), m_age);
    content()->addLayout(form);
    auto* grid = new QGridLayout;
    grid->addWidget(new QLabel(tr("<b>Release (a)</b> — 4-anonymous")), 0, 0);
    grid->addWidget(new QLabel(tr("<b>Release (b)</b> — 6-anonymous")), 0, 1);
    m_viewA = demo::makeTableWidget();
    m_viewB = demo::makeTableWidget();
    grid->addWidget(m_viewA, 1, 0);
    grid->addWidget(m_viewB, 1, 1);
    content()->addLayout(grid, 1);
    demo::showTable(m_viewA, m_a);
    demo::showTable(m_viewB, m_b);
    connect(m_person, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i == 0) m_age->setValue(28);
        if (i == 1) m_age->setValue(58);
        run();
    });
    connect(m_age, &QSpinBox::editingFinished, this, &CompositionDemo::run);
    if (!m_loadError.isEmpty()) setResult(m_loadError.toHtmlEscaped());
}

void CompositionDemo::setAge(int age) { m_age->setValue(age); }

QString CompositionDemo::doRun() {
    if (!m_loadError.isEmpty()) return m_loadError;
    m_rowA = rowForAge(m_a, m_age->value());
    m_rowB = rowForAge(m_b, m_age->value());
    if (m_rowA < 0 || m_rowB < 0) return tr("No group of the releases covers age %1").arg(m_age->value());
    const auto classesA = classesOf(m_a), classesB = classesOf(m_b);
    auto report = anonymity::compositionAttack({&m_a, &classesA}, std::size_t(m_rowA), {&m_b, &classesB},
                                               std::size_t(m_rowB), "Condition");
    if (!report.isOk()) return QString::fromStdString(report.status().message());
    m_report = report.value();
    std::set<std::size_t> inA, inB;
    for (std::size_t r = 0; r < classesA.size(); ++r)
        if (classesA[r] == classesA[std::size_t(m_rowA)]) inA.insert(r);
    for (std::size_t r = 0; r < classesB.size(); ++r)
        if (classesB[r] == classesB[std::size_t(m_rowB)]) inB.insert(r);
    demo::showTable(m_viewA, m_a, inA);
    demo::showTable(m_viewB, m_b, inB);
    auto list = [](const std::vector<std::string>& v) {
        QStringList l;
        for (const auto& s : v) l << QString::fromStdString(s);
        return l.join(QStringLiteral(", "));
    };
    setResult(tr("<p>Age %1: group of %2 in (a) → {%3}; group of %4 in (b) → {%5}.</p>"
                 "<p>Both releases together: <b>{%6}</b>%7</p>")
                  .arg(m_age->value())
                  .arg(m_report->firstClassSize)
                  .arg(list(m_report->firstValues))
                  .arg(m_report->secondClassSize)
                  .arg(list(m_report->secondValues))
                  .arg(list(m_report->intersection))
                  .arg(m_report->intersection.size() == 1 ? tr(" — the condition is <b>disclosed</b>.") : QString()));
    return {};
}

}  // namespace veil::ui
