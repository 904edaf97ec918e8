// Local recoding, MDAV and local suppression in the Anonymize view (issue 18), offscreen: the
// released table, suppressed records and groups shown equal core's anonymize() with a config built
// here from the bundled hierarchy files (not from the view's settings); the released classes,
// counted from the shown text, hold at least k records; MDAV's groups hold k..2k-1 records (the
// MDAV property, Domingo-Ferrer & Torra 2005); local suppression's '*' cells are counted pairwise;
// undo restores Optimal; the exported plan names "local-recoding" and core's plan reader gives the
// same config; the recovery JSON round trips.
#include "ui_test_support.h"
#include "adult_fixture.h"
#include "document/document.h"
#include "charts/anonymization/lattice_level_names.h"
#include "views/anonymization/anonymization_release.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"
#include "views/anonymization/class_list_model.h"
#include "views/anonymization/class_tint_proxy_model.h"
#include "views/anonymization/groups_page.h"
#include "views/anonymization/hierarchy_editor.h"
#include "views/anonymization/lattice_page.h"
#include "views/anonymization/models_panel.h"
#include "views/anonymization/mondrian_page.h"
#include "views/anonymization/risk_page.h"
#include "views/anonymization/settings_json.h"
#include "workbench/job_monitor.h"

#include "veil/anonymity/anonymization.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/release/release_plan.h"
#include "veil/table/csv_reader.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

#include <map>
#include <memory>
#include <set>

using namespace veil;
using namespace veil::ui;
using adult_fixture::kAdult;

namespace {

// The view's configuration rebuilt by hand: the five QIs with the bundled ARX hierarchy files.
anonymity::AnonymizationConfig adultConfig(anonymity::Algorithm algorithm) {
    anonymity::AnonymizationConfig c;
    for (const char* q : adult_fixture::kQis) {
        auto h = hierarchy::readHierarchyCsv(VEIL_SAMPLES_DIR "/adult_hierarchy_" + std::string(q) + ".csv", q);
        if (!h) qFatal("%s", h.status().message().c_str());
        c.quasiIdentifiers.push_back({q, *h});
    }
    c.sensitive = "occupation";
    c.models.k = 5;
    c.suppressionLimit = 0.04;
    c.algorithm = algorithm;
    return c;
}

// Every cell of `model` against core's output table.
void compareCells(const QAbstractItemModel* model, const Table& expected) {
    QCOMPARE(model->rowCount(), int(expected.rowCount()));
    QCOMPARE(model->columnCount(), int(expected.columnCount()));
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->index(r, c).data().toString() !=
                QString::fromStdString(expected.column(std::size_t(c)).toString(std::size_t(r))))
                QFAIL(qPrintable(
                    QStringLiteral("cell %1,%2: %3 vs %4")
                        .arg(r)
                        .arg(c)
                        .arg(model->index(r, c).data().toString(),
                             QString::fromStdString(expected.column(std::size_t(c)).toString(std::size_t(r))))));
}

}  // namespace

class TestAnonymizationLocal : public adult_fixture::ViewSuite {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { m_adult = adult_fixture::adultWithRoles(); }
    void init();
    void cleanup();
    void localRecodingMatchesCore();
    void undoRestoresOptimal();
    void mdavGroupsMatchCore();
    void localSuppressionShowsCellsAndCaveat();
    void recoveryJsonRoundTrips();

private:
    void choose(anonymity::Algorithm a) { ui_test::choose(m_view->modelsPanel()->algorithmCombo(), int(a)); }
    bool runAndWait() { return adult_fixture::runAndWait(*m_view); }
    QString summary() const { return m_view->groupsPage()->summary()->toPlainText(); }
};

void TestAnonymizationLocal::init() { setUpView(); }

void TestAnonymizationLocal::cleanup() { tearDownView(); }

void TestAnonymizationLocal::localRecodingMatchesCore() {
    ModelsPanel* panel = m_view->modelsPanel();
    m_view->show();
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(!panel->gsFactorSpin()->isVisible());
    choose(anonymity::Algorithm::LocalRecoding);
    QVERIFY(panel->gsFactorSpin()->isVisible() && panel->iterationsSpin()->isVisible());
    QVERIFY(!panel->localSuppressionCombo()->isEnabled());  // core takes it with optimal or none only
    panel->kSpin()->setValue(5);
    m_view->findChild<QDoubleSpinBox*>(QStringLiteral("anon-suppression"))->setValue(4.0);
    QVERIFY(runAndWait());
    const AnonymizationRun* run = m_view->state()->run();
    QVERIFY(run && run->result.found);

    auto expected = anonymity::anonymize(m_adult, adultConfig(anonymity::Algorithm::LocalRecoding));
    QVERIFY(expected.isOk() && expected->found);
    QVERIFY(expected->passes.size() >= 2);
    compareCells(m_view->groupsPage()->releasedModel(), expected->output);
    // The released classes, counted from the shown text over the QI columns: all of at least k
    // records (suppressed records, every QI '*', are one group whatever their number; a pass may
    // also release records generalized to '*' everywhere).
    std::map<QStringList, int> classes;
    const QAbstractItemModel* shown = m_view->groupsPage()->releasedModel();
    std::vector<int> qiColumns;
    for (const char* q : adult_fixture::kQis) qiColumns.push_back(int(*m_adult.columnIndex(q)));
    for (int r = 0; r < shown->rowCount(); ++r) {
        QStringList key;
        for (int c : qiColumns) key << shown->index(r, c).data().toString();
        ++classes[key];
    }
    for (const auto& entry : classes)
        QVERIFY2(entry.second >= 5 || entry.first.count(QStringLiteral("*")) == entry.first.size(),
                 qPrintable(entry.first.join(',')));
    QCOMPARE(run->result.suppressed, expected->suppressed);
    // The summary: the algorithm by name, the passes with the records each released, core's
    // suppressed count, and no "nan" for the metrics of a release at mixed levels.
    const QString text = summary();
    QVERIFY2(text.contains(QStringLiteral("Local recoding (ARX): %1 passes").arg(expected->passes.size())),
             qPrintable(text));
    for (const auto& pass : expected->passes) {
        // One row per pass: its levels by name then as numbers, the records it searched and those it
        // released.
        const QRegularExpression row(
            QStringLiteral("\\(levels ") +
            QRegularExpression::escape(QString::fromStdString(anonymity::formatLevels(pass.transformation))) +
            QStringLiteral("\\)\\s+%1\\s+%2\\b").arg(pass.records).arg(pass.released));
        QVERIFY2(text.contains(row), qPrintable(row.pattern() + QStringLiteral("\n") + text));
        const QString named =
            LatticeLevelNames::fromConfig(run->config, run->result.quasiIdentifiers, {}).describe(pass.transformation);
        QVERIFY2(named.contains(QLatin1Char(':')) && text.contains(named), qPrintable(named));  // "age: ..."
    }
    QVERIFY2(text.contains(QStringLiteral("%1 of %2").arg(expected->suppressed).arg(m_adult.rowCount())),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("n/a (mixed levels)")));
    QVERIFY(!text.contains(QStringLiteral("nan"), Qt::CaseSensitive));
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("%1 records suppressed").arg(expected->suppressed)));
    // Lattice and Mondrian cuts say why they show nothing.
    QVERIFY(m_view->latticePage()->info()->text().contains(QStringLiteral("Local recoding")));
    QVERIFY(!m_view->mondrianPage()->showsPlot());
    QVERIFY(m_view->mondrianPage()->emptyState()->text().contains(QStringLiteral("Local recoding (ARX)")));

    // The plan the view exports: "local-recoding" with its options, read back by core's plan
    // reader to the same config, which reruns to the same table (what `veil-cli release` does).
    const release::ReleaseOutcome outcome = anonymizationReleaseOutcome(*run);
    QTemporaryDir dir;
    std::string planText;
    for (const auto& f : outcome.files) {
        QFile out(dir.filePath(QString::fromStdString(f.fileName)));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(f.contents.data(), qint64(f.contents.size()));
        if (f.fileName == "plan.json") planText = f.contents;
    }
    const nlohmann::json planJson = nlohmann::json::parse(planText);
    QCOMPARE(planJson.value("algorithm", std::string()), std::string("local-recoding"));
    QCOMPARE(planJson.value("gs_factor", -1.0), anonymity::LocalRecodingOptions{}.gsFactor);
    auto plan = release::loadReleasePlan(dir.filePath(QStringLiteral("plan.json")).toStdString());
    QVERIFY2(plan.isOk(), plan.isOk() ? "" : plan.status().message().c_str());
    auto read = release::anonymizationPlan(*plan);
    QVERIFY2(read.isOk(), read.isOk() ? "" : read.status().message().c_str());
    const auto& c = read->config;
    QCOMPARE(c.algorithm, anonymity::Algorithm::LocalRecoding);
    QCOMPARE(c.models.k, 5);
    QCOMPARE(c.suppressionLimit, 0.04);
    QCOMPARE(c.localRecoding.gsFactor, run->config.localRecoding.gsFactor);
    QCOMPARE(c.localRecoding.iterations, run->config.localRecoding.iterations);
    QCOMPARE(c.localRecoding.adaptionFactor, run->config.localRecoding.adaptionFactor);
    QVERIFY(!c.localSuppression);
    QCOMPARE(c.quasiIdentifiers.size(), run->config.quasiIdentifiers.size());
    for (std::size_t i = 0; i < c.quasiIdentifiers.size(); ++i) {
        QCOMPARE(c.quasiIdentifiers[i].column, run->config.quasiIdentifiers[i].column);
        QVERIFY(c.quasiIdentifiers[i].hierarchy && run->config.quasiIdentifiers[i].hierarchy);
        QVERIFY(c.quasiIdentifiers[i].hierarchy->rows() == run->config.quasiIdentifiers[i].hierarchy->rows());
    }
    auto table = readCsvFile(read->dataset.path, read->dataset.csv);
    QVERIFY(table.isOk());
    auto rerun = anonymity::anonymize(table->table, c);
    QVERIFY(rerun.isOk() && rerun->found);
    QCOMPARE(rerun->suppressed, expected->suppressed);
    for (std::size_t col = 0; col < rerun->output.columnCount(); ++col)
        for (std::size_t r = 0; r < rerun->output.rowCount(); ++r)
            if (rerun->output.column(col).toString(r) != expected->output.column(col).toString(r))
                QFAIL(qPrintable(QStringLiteral("plan rerun differs at %1,%2").arg(r).arg(col)));

    m_view->tabs()->setCurrentWidget(m_view->groupsPage());
    QVERIFY(m_view->grab().save(QStringLiteral("/tmp/anon_local.png")));
    m_view->tabs()->setCurrentIndex(0);
    QVERIFY(m_view->grab().save(QStringLiteral("/tmp/anon_local_configure.png")));
    m_view->tabs()->setCurrentWidget(m_view->latticePage());
    QVERIFY(m_view->grab().save(QStringLiteral("/tmp/anon_local_lattice.png")));
    // Nothing in the Configure form is cut off on the right: the panel fits its scroll area.
    QWidget* panelArea = panel->parentWidget();
    QVERIFY2(panel->width() <= panelArea->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(panel->width()).arg(panelArea->width())));
}

void TestAnonymizationLocal::undoRestoresOptimal() {
    ModelsPanel* panel = m_view->modelsPanel();
    m_view->show();
    QCOMPARE(m_view->state()->settings().algorithm, anonymity::Algorithm::Optimal);
    choose(anonymity::Algorithm::LocalRecoding);
    panel->gsFactorSpin()->setValue(0.3);
    panel->iterationsSpin()->setValue(7);
    QCOMPARE(m_view->state()->settings().localRecoding.gsFactor, 0.3);
    QCOMPARE(m_view->state()->settings().toConfig(m_adult).localRecoding.iterations, 7);
    QUndoStack* undo = m_document->undoStack();
    undo->undo();  // iterations
    undo->undo();  // gs-factor
    QCOMPARE(m_view->state()->settings().localRecoding.gsFactor, anonymity::LocalRecodingOptions{}.gsFactor);
    undo->undo();  // algorithm
    QCOMPARE(m_view->state()->settings().algorithm, anonymity::Algorithm::Optimal);
    QCOMPARE(panel->algorithmCombo()->currentData().toInt(), int(anonymity::Algorithm::Optimal));
    QVERIFY(!panel->gsFactorSpin()->isVisible());
    QVERIFY(panel->localSuppressionCombo()->isEnabled());
    undo->redo();
    QCOMPARE(m_view->state()->settings().algorithm, anonymity::Algorithm::LocalRecoding);
    QVERIFY(panel->gsFactorSpin()->isVisible());
}

// MDAV on age alone (the only numeric quasi-identifier of the sample), k = 5.
void TestAnonymizationLocal::mdavGroupsMatchCore() {
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY(read.isOk());
    const Table ageOnly = read->table.withRole(*read->table.columnIndex("age"), AttributeRole::QuasiIdentifier);
    m_document->reset(ageOnly, kAdult);
    choose(anonymity::Algorithm::Mdav);
    m_view->modelsPanel()->kSpin()->setValue(5);
    QVERIFY(runAndWait());
    QVERIFY(m_view->state()->run()->result.found);
    anonymity::AnonymizationConfig config;
    config.quasiIdentifiers.push_back({"age", std::nullopt});
    config.models.k = 5;
    config.algorithm = anonymity::Algorithm::Mdav;
    auto expected = anonymity::anonymize(ageOnly, config);
    QVERIFY(expected.isOk() && expected->found);
    const QAbstractItemModel* groups = m_view->groupsPage()->classModel();
    QCOMPARE(groups->rowCount(), int(expected->classes.classCount()));
    // Each class as shown (its size column): at least k records (MDAV's groups hold k..2k-1; groups
    // with equal means release the same age and are one class), and the sizes are core's.
    std::multiset<int> shownSizes, coreSizes;
    for (int r = 0; r < groups->rowCount(); ++r) {
        const int size = groups->index(r, 1).data().toInt();
        QVERIFY2(size >= 5, qPrintable(QString::number(size)));
        shownSizes.insert(size);
    }
    QVERIFY(expected->groups > expected->classes.classCount());  // ages are integers: many equal means
    for (std::size_t s : expected->classes.classSize) coreSizes.insert(int(s));
    QVERIFY(shownSizes == coreSizes);
    compareCells(m_view->groupsPage()->releasedModel(), expected->output);
    QVERIFY2(
        summary().contains(QStringLiteral("MDAV microaggregation (numeric QIs): %1 groups, released as %2 distinct "
                                          "combinations")
                               .arg(expected->groups)
                               .arg(expected->classes.classCount())),
        qPrintable(summary()));
    QVERIFY(m_view->latticePage()->info()->text().contains(QStringLiteral("MDAV")));
}

// Six records, three QIs, every record unique (the CLI suite's hand table): no generalization,
// greedy local suppression at k = 2.
void TestAnonymizationLocal::localSuppressionShowsCellsAndCaveat() {
    const QByteArray small = "a,b,c\n1,x,p\n1,x,q\n2,y,p\n2,z,p\n3,y,q\n4,w,r\n";
    auto parsed = parseCsv(std::string_view(small.constData(), std::size_t(small.size())), "small.csv");
    QVERIFY(parsed.isOk());
    Table t = parsed->table;
    for (std::size_t c = 0; c < 3; ++c) t = t.withRole(c, AttributeRole::QuasiIdentifier);
    m_document->reset(t, QString());
    ModelsPanel* panel = m_view->modelsPanel();
    choose(anonymity::Algorithm::Mondrian);
    QVERIFY(!panel->localSuppressionCombo()->isEnabled());
    QCOMPARE(panel->localSuppressionCombo()->currentData().toInt(), -1);
    choose(anonymity::Algorithm::None);
    QVERIFY(panel->localSuppressionCombo()->isEnabled());
    // None is suppression only: choosing it picks the greedy method (core refuses None without one).
    QCOMPARE(panel->localSuppressionCombo()->currentData().toInt(), int(anonymity::LocalSuppressionMethod::Greedy));
    ui_test::choose(panel->localSuppressionCombo(), int(anonymity::LocalSuppressionMethod::Greedy));
    panel->kSpin()->setValue(2);
    QVERIFY(runAndWait());
    const auto& r = m_view->state()->run()->result;
    QVERIFY(r.found && r.localSuppression);
    // '*' cells and pairwise matches ('*' matches anything), counted from the shown table.
    const QAbstractItemModel* shown = m_view->groupsPage()->releasedModel();
    int stars = 0, fewest = 6;
    for (int i = 0; i < 6; ++i) {
        int matches = 0;
        for (int j = 0; j < 6; ++j) {
            bool same = true;
            for (int c = 0; c < 3; ++c) {
                const QString x = shown->index(i, c).data().toString(), y = shown->index(j, c).data().toString();
                if (x != QStringLiteral("*") && y != QStringLiteral("*") && x != y) same = false;
            }
            matches += same ? 1 : 0;
        }
        QVERIFY(matches >= 2);
        fewest = std::min(fewest, matches);
        for (int c = 0; c < 3; ++c) stars += shown->index(i, c).data().toString() == QStringLiteral("*") ? 1 : 0;
    }
    QVERIFY(stars > 0);
    QCOMPARE(std::size_t(stars), r.localSuppression->suppressedCells);
    const QString text = summary();
    QVERIFY2(text.contains(QStringLiteral("%1 cells in").arg(stars)), qPrintable(text));
    // The Risk page's "after" counts '*' as matching any value: no record above 1 / its fewest
    // matches, none unique, although the released tuples read literally are (before the fix: 100%).
    RiskPage* risk = m_view->riskPage();
    m_view->tabs()->setCurrentWidget(risk);
    risk->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(!risk->isComputing() && risk->after(), 30000);
    QCOMPARE(risk->after()->summary.prosecutorMax, 1.0 / fewest);
    QCOMPARE(risk->after()->summary.uniques, std::size_t(0));
    QVERIFY(risk->after()->overlapping);
    QCOMPARE(r.riskAfter.prosecutorMax, 1.0 / fewest);
    ui_test::saveScreenshot(*m_view, QStringLiteral("anonymize-risk-wildcard.png"));
    QVERIFY(text.contains(QStringLiteral("may be fewer than k")));
    QVERIFY(text.contains(QStringLiteral("None (suppression only)")));
    QVERIFY(!text.contains(QStringLiteral("nan")));
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("%1 cells suppressed locally").arg(stars)));

    // '*' as a value of its own: the shown table's classes, counted from its text, hold 2 records
    // each; the summary and the exported plan say so; undo brings back "any value".
    QVERIFY(panel->suppressionSemanticsCombo()->isEnabled());
    ui_test::choose(panel->suppressionSemanticsCombo(), int(anonymity::LocalSuppressionSemantics::Value));
    QVERIFY(runAndWait());
    const auto& v = m_view->state()->run()->result;
    QVERIFY(v.found && v.localSuppression);
    QCOMPARE(v.localSuppression->semantics, anonymity::LocalSuppressionSemantics::Value);
    std::map<QStringList, int> classes;
    for (int i = 0; i < 6; ++i) {
        QStringList key;
        for (int c = 0; c < 3; ++c) key << shown->index(i, c).data().toString();
        ++classes[key];
    }
    for (const auto& [key, n] : classes) QVERIFY2(n >= 2, qPrintable(key.join(',')));
    QVERIFY(summary().contains(QStringLiteral("a value of its own")));
    const nlohmann::json plan = anonymizationPlanJson(*m_view->state()->run(), ',', {});
    QCOMPARE(plan.value("local_suppression_semantics", std::string()), std::string("value"));
    m_document->undoStack()->undo();
    QCOMPARE(panel->suppressionSemanticsCombo()->currentData().toInt(),
             int(anonymity::LocalSuppressionSemantics::Wildcard));
}

void TestAnonymizationLocal::recoveryJsonRoundTrips() {
    AnonymizationSettings s;
    s.algorithm = anonymity::Algorithm::LocalRecoding;
    s.localRecoding = {0.25, 12, 0.1};
    s.localSuppression = anonymity::LocalSuppressionMethod::Optimal;
    const nlohmann::json j = settingsToJson(s);
    QCOMPARE(j["algorithm"].get<std::string>(), std::string("local-recoding"));
    const AnonymizationSettings back = settingsFromJson(j);
    QCOMPARE(back.algorithm, anonymity::Algorithm::LocalRecoding);
    QCOMPARE(back.localRecoding.gsFactor, 0.25);
    QCOMPARE(back.localRecoding.iterations, 12);
    QCOMPARE(back.localRecoding.adaptionFactor, 0.1);
    QVERIFY(back.localSuppression == anonymity::LocalSuppressionMethod::Optimal);
    QCOMPARE(back.localSuppressionSemantics, anonymity::LocalSuppressionSemantics::Wildcard);
    s.localSuppressionSemantics = anonymity::LocalSuppressionSemantics::Value;
    QCOMPARE(settingsFromJson(settingsToJson(s)).localSuppressionSemantics,
             anonymity::LocalSuppressionSemantics::Value);
    // Snapshots from before held the enum's value (1: Mondrian) and no local suppression.
    nlohmann::json old = j;
    old["algorithm"] = 1;
    old.erase("local_suppression");
    old["local_recoding"] = {{"gs_factor", "high"}};
    const AnonymizationSettings oldBack = settingsFromJson(old);
    QCOMPARE(oldBack.algorithm, anonymity::Algorithm::Mondrian);
    QVERIFY(!oldBack.localSuppression);
    QCOMPARE(oldBack.localRecoding.gsFactor, anonymity::LocalRecodingOptions{}.gsFactor);
}

QTEST_MAIN(TestAnonymizationLocal)
#include "tst_anonymization_local.moc"
