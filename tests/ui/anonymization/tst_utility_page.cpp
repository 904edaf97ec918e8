// The Anonymize view's Utility page (issue 18): on adult with five quasi-identifiers and the default
// run (k = 5), the per-attribute table shows core's attributeUtility of the input and the released
// table ("*" declared suppressed), the heat maps offer every attribute and have one cell per pair of
// (at most 10 + "Other") values of the two chosen attributes with counts that add up to the rows,
// the distance is core's contingencyDistance, the accuracy of both naive Bayes and logistic
// regression for salary-class equals core's classificationAccuracy on the same tables (trained on
// the release, tested on the input's records: between the majority guess and the input-trained
// figure); the computation leaves the UI thread free; and a settings edit or a failed run marks the
// figures outdated until the next result.
#include "ui_test_support.h"
#include "adult_fixture.h"
#include "charts/anonymization/contingency_heat_map.h"
#include "document/document.h"
#include "panels/display_number.h"
#include "panels/figures_table.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"
#include "views/anonymization/hierarchy_editor.h"
#include "views/anonymization/models_panel.h"
#include "views/anonymization/utility_page.h"
#include "workbench/job_monitor.h"

#include "veil/anonymity/utility_analysis.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

#include <memory>
#include <set>

using namespace veil;
using namespace veil::ui;
using adult_fixture::kAdult;
using anonymity::Classifier;

namespace {

constexpr int kWaitMs = 120000;
constexpr qint64 kStallLimitMs = 100;  // as the Risk page's test: the load test's limit

const anonymity::UtilityOptions kStar{std::string("*")};

// Distinct texts of a column, "*" (suppressed) left out when `star` is false.
std::size_t distinctValues(const Table& t, const std::string& name, bool star = true) {
    const Column& c = t.column(*t.columnIndex(name));
    std::set<std::string> values;
    std::string scratch;
    for (std::size_t r = 0; r < c.size(); ++r) values.insert(std::string(c.originalText(r, scratch)));
    if (!star) values.erase("*");
    return values.size();
}

}  // namespace

class TestUtilityPage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        m_document = std::make_unique<Document>();
        m_jobs = std::make_unique<JobMonitor>();
        m_context = WorkbenchContext{m_document.get(), m_jobs.get(), nullptr};
        m_view = std::make_unique<AnonymizationView>(m_context);
        m_view->resize(1280, 900);
        m_view->show();
        m_document->reset(adult_fixture::adultWithRoles(), kAdult);
        m_view->hierarchyEditor()->loadBundledHierarchies();
        QVERIFY(adult_fixture::runAndWait(*m_view));
        m_page = m_view->utilityPage();
        QVERIFY(m_page);
        m_probe.start();
        m_view->tabs()->setCurrentWidget(m_page);
        QCOMPARE(m_view->tabs()->tabText(m_view->tabs()->currentIndex()), QStringLiteral("Utility"));
        QVERIFY(waitForFigures());
        m_probe.pause();
    }
    void cleanupTestCase() {
        m_view.reset();
        m_jobs.reset();
        m_document.reset();
    }
    void attributeTableEqualsCore();
    void heatMapsCountThePairs();
    void accuracyOfBothModelsEqualsCore();
    void uiThreadNeverStalled();
    void screenshot();
    void sharedFigureHelpers();
    void settingsEditOrFailedRunMarksOutdated();

private:
    bool waitForFigures() {
        return QTest::qWaitFor(
            [this] {
                return !m_page->isComputing() && !m_page->attributes().empty() &&
                       m_page->accuracy(Classifier::NaiveBayes) && m_page->accuracy(Classifier::LogisticRegression);
            },
            kWaitMs);
    }
    const AnonymizationRun& run() const { return *m_view->state()->run(); }
    double shown(QTableWidget* table, int row, int column) const {
        return table->item(row, column)->data(Qt::UserRole).toDouble();
    }

    std::unique_ptr<Document> m_document;
    std::unique_ptr<JobMonitor> m_jobs;
    WorkbenchContext m_context;
    std::unique_ptr<AnonymizationView> m_view;
    UtilityPage* m_page = nullptr;
    ui_test::LatencyProbe m_probe;
};

void TestUtilityPage::attributeTableEqualsCore() {
    const auto& qis = run().result.quasiIdentifiers;
    QCOMPARE(qis.size(), std::size_t(5));
    const auto core = anonymity::attributeUtility(run().input, run().result.output, qis, kStar);
    QVERIFY(core);
    QTableWidget* table = m_page->attributeTable();
    QCOMPARE(table->rowCount(), 5);
    const double rows = double(run().input.rowCount());
    for (int r = 0; r < 5; ++r) {
        const auto& u = (*core)[std::size_t(r)];
        QCOMPARE(table->item(r, UtilityPage::Name)->text(), QString::fromStdString(u.name));
        QCOMPARE(shown(table, r, UtilityPage::DistinctBefore), double(u.distinctBefore));
        QCOMPARE(shown(table, r, UtilityPage::DistinctAfter), double(u.distinctAfter));
        QCOMPARE(shown(table, r, UtilityPage::Kept), 1.0 - double(u.suppressedAfter) / rows);
        QCOMPARE(shown(table, r, UtilityPage::EntropyBefore), u.entropyBefore);
        QCOMPARE(shown(table, r, UtilityPage::EntropyAfter), u.entropyAfter);
        QCOMPARE(shown(table, r, UtilityPage::EntropyKept), u.entropyAfter / u.entropyBefore);
        // Independently of core: distinct values counted here.
        QCOMPARE(u.distinctBefore, distinctValues(run().input, u.name));
        QCOMPARE(u.distinctAfter, distinctValues(run().result.output, u.name, false));
        QVERIFY(table->item(r, UtilityPage::Mode)->text().startsWith(QString::fromStdString(u.modeBefore)));
    }
    // Age is numeric: mean and standard deviation before (38.44 and 13.13 on adult), none after
    // (generalized: not numbers).
    const int ageRow = int(std::find(qis.begin(), qis.end(), "age") - qis.begin());
    const QString ageNumbers = table->item(ageRow, UtilityPage::Numbers)->text();
    QVERIFY2(ageNumbers.startsWith(QStringLiteral("38.44 ± 13.13 → ")), qPrintable(ageNumbers));
    // The default run generalizes age: fewer values, less entropy.
    const auto age = std::find_if(core->begin(), core->end(), [](const auto& u) { return u.name == "age"; });
    QVERIFY(age != core->end());
    QVERIFY(age->distinctAfter < age->distinctBefore);
    for (int c = 0; c < UtilityPage::Columns; ++c)
        QVERIFY2(!table->horizontalHeaderItem(c)->toolTip().isEmpty(), qPrintable(QString::number(c)));
}

// sex x age: 2 values x (72 ages: the 10 most frequent + "Other") = 22 cells before; after, as many
// as the released columns' distinct values allow (capped the same way). The attributes offered are
// all of the table's, quasi-identifiers or not.
void TestUtilityPage::heatMapsCountThePairs() {
    QCOMPARE(std::size_t(m_page->rowAttributeCombo()->count()), run().input.columnCount());
    QVERIFY(m_page->columnAttributeCombo()->findText(QStringLiteral("salary-class")) >= 0);
    m_page->rowAttributeCombo()->setCurrentText(QStringLiteral("sex"));
    m_page->columnAttributeCombo()->setCurrentText(QStringLiteral("age"));
    QVERIFY(waitForFigures());
    const ContingencyGrid& before = m_page->heatMapBefore()->grid();
    QCOMPARE(before.rows.size(), 2);
    QCOMPARE(before.columns.size(), UtilityPage::kMaxCategories + 1);
    QCOMPARE(before.columns.back(), QStringLiteral("(others)"));
    QCOMPARE(m_page->heatMapBefore()->cellCount(), 22);
    auto capped = [](std::size_t n) {
        return int(n) > UtilityPage::kMaxCategories ? UtilityPage::kMaxCategories + 1 : int(n);
    };
    const int afterCells =
        capped(distinctValues(run().result.output, "sex")) * capped(distinctValues(run().result.output, "age"));
    QCOMPARE(m_page->heatMapAfter()->cellCount(), afterCells);
    double sum = 0;
    for (double n : before.counts) sum += n;
    QCOMPARE(sum, double(run().input.rowCount()));
    // One cell counted here: women of the first age shown.
    const std::string age = before.columns.front().toStdString();
    const Column& sex = run().input.column(*run().input.columnIndex("sex"));
    const Column& ages = run().input.column(*run().input.columnIndex("age"));
    std::string s1, s2;
    double women = 0;
    for (std::size_t r = 0; r < sex.size(); ++r)
        if (sex.originalText(r, s1) == "Female" && ages.originalText(r, s2) == age) ++women;
    QCOMPARE(before.rows.indexOf(QStringLiteral("Female")), 0);
    QCOMPARE(before.count(0, 0), women);
    const auto distance = anonymity::contingencyDistance(run().input, run().result.output, "sex", "age", kStar);
    QVERIFY(distance);
    QVERIFY(m_page->distance());
    QCOMPARE(*m_page->distance(), *distance);
    QVERIFY(m_page->distanceLabel()->text().contains(QString::number(*distance, 'f', 3)));
    QVERIFY(before.title.contains(QStringLiteral("age: 10 of 72 values")));
    // Two attributes that are not quasi-identifiers: released as they are, the same tables, distance 0.
    m_page->rowAttributeCombo()->setCurrentText(QStringLiteral("workclass"));
    m_page->columnAttributeCombo()->setCurrentText(QStringLiteral("salary-class"));
    QVERIFY(waitForFigures());
    QCOMPARE(m_page->heatMapBefore()->grid().counts, m_page->heatMapAfter()->grid().counts);
    QCOMPARE(m_page->heatMapBefore()->cellCount(), 7 * 2);  // adult's 7 workclasses x 2 salary classes
    QCOMPARE(*m_page->distance(), 0.0);
}

void TestUtilityPage::accuracyOfBothModelsEqualsCore() {
    QCOMPARE(m_page->targetCombo()->currentText(), QStringLiteral("salary-class"));
    std::vector<std::string> features = run().result.quasiIdentifiers;
    for (Classifier m : {Classifier::NaiveBayes, Classifier::LogisticRegression}) {
        const auto core = anonymity::classificationAccuracy(run().input, run().result.output,
                                                            {features, "salary-class", m, 10, kStar});
        QVERIFY(core);
        const auto& page = m_page->accuracy(m);
        QVERIFY(page);
        QCOMPARE(page->model, m);
        QCOMPARE(page->original, core->original);
        QCOMPARE(page->released, core->released);
        QTableWidget* table = m_page->accuracyTable();
        QCOMPARE(shown(table, int(m), UtilityPage::TrainedOnInput), core->original);
        QCOMPARE(shown(table, int(m), UtilityPage::TrainedOnRelease), core->released);
        QCOMPARE(shown(table, int(m), UtilityPage::Majority), core->zeroR);
        QVERIFY(!table->verticalHeaderItem(int(m))->toolTip().isEmpty());
        qInfo("%s: input %.4f, release %.4f, majority %.4f", anonymity::classifierTitle(m), core->original,
              core->released, core->zeroR);
        // Salary is predictable from these five attributes better than by the majority (0.751), and
        // better than from the release (age and education "*", marital status in two groups).
        QVERIFY(core->original > core->zeroR + 0.01);
        QVERIFY(core->released <= core->original + 0.002);
        // Logistic regression trained on the release does no worse than the majority guess; naive
        // Bayes does (0.720, as an independent Python run of the same folds printed): from sex,
        // race and "spouse present" alone it counts the correlated evidence of married men twice
        // and predicts >50K where most earn less.
        if (m == Classifier::LogisticRegression) QVERIFY(core->released >= core->zeroR - 0.002);
    }
}

void TestUtilityPage::uiThreadNeverStalled() {
    // Once more under the probe: choose another target and wait for its accuracy.
    m_probe.resume();
    m_page->targetCombo()->setCurrentText(QStringLiteral("workclass"));
    QVERIFY(m_page->isComputing());
    QVERIFY(waitForFigures());
    m_probe.pause();
    QCOMPARE(m_page->accuracy(Classifier::LogisticRegression)->target, std::string("workclass"));
    qInfo("longest UI-thread stall while the Utility page computed: %lld ms (limit %lld)", m_probe.longestGapMs(),
          kStallLimitMs);
    QVERIFY(m_probe.longestGapMs() < kStallLimitMs);
    m_page->targetCombo()->setCurrentText(QStringLiteral("salary-class"));
    QVERIFY(waitForFigures());
}

void TestUtilityPage::screenshot() {
    m_page->rowAttributeCombo()->setCurrentText(QStringLiteral("marital-status"));
    m_page->columnAttributeCombo()->setCurrentText(QStringLiteral("age"));
    QVERIFY(waitForFigures());
    QCoreApplication::processEvents();  // the layout the new grids asked for
    ui_test::saveScreenshot(*m_view, QStringLiteral("utility_page.png"));
}

void TestUtilityPage::settingsEditOrFailedRunMarksOutdated() {
    QVERIFY(!m_page->isOutdated());
    QVERIFY(!m_page->statusLabel()->text().contains(QStringLiteral("outdated")));
    m_view->modelsPanel()->kSpin()->setValue(10);
    QVERIFY(m_page->isOutdated());
    QVERIFY2(m_page->statusLabel()->text().contains(QStringLiteral("outdated")),
             qPrintable(m_page->statusLabel()->text()));
    QVERIFY(m_page->attributeTable()
                ->horizontalHeaderItem(UtilityPage::DistinctAfter)
                ->text()
                .contains(QStringLiteral("outdated")));
    QVERIFY(m_page->accuracyTable()
                ->horizontalHeaderItem(UtilityPage::TrainedOnRelease)
                ->text()
                .contains(QStringLiteral("outdated")));
    QVERIFY(adult_fixture::runAndWait(*m_view));
    QVERIFY(waitForFigures());
    QVERIFY(!m_page->isOutdated());
    QVERIFY(!m_page->statusLabel()->text().contains(QStringLiteral("outdated")));

    // k beyond the rows: the run fails and the figures shown are the earlier run's.
    m_view->modelsPanel()->kSpin()->setValue(100000);
    QTest::mouseClick(m_view->runButton(), Qt::LeftButton);
    QVERIFY(
        QTest::qWaitFor([this] { return m_view->statusLabel()->text().contains(QStringLiteral("failed")); }, kWaitMs));
    QVERIFY(m_page->isOutdated());
    QVERIFY2(m_page->statusLabel()->text().contains(QStringLiteral("last run failed")),
             qPrintable(m_page->statusLabel()->text()));
    m_view->modelsPanel()->kSpin()->setValue(10);
    QVERIFY(adult_fixture::runAndWait(*m_view));
    QVERIFY(waitForFigures());
    QVERIFY(!m_page->isOutdated());
}

// The helpers the Risk and Utility pages share (panels/figures_table, displayPercent), and the
// Utility page's cells written with them.
void TestUtilityPage::sharedFigureHelpers() {
    QCOMPARE(displayPercent(0.1234, 1), QStringLiteral("12.3%"));
    QCOMPARE(displayPercent(0.0005, 2), QStringLiteral("0.05%"));
    QCOMPARE(displayPercent(1.0, 0), QStringLiteral("100%"));
    std::unique_ptr<QTableWidgetItem> item(figureItem(QStringLiteral("7"), 7.5, QStringLiteral("tip")));
    QCOMPARE(item->data(Qt::UserRole).toDouble(), 7.5);
    QCOMPARE(item->toolTip(), QStringLiteral("tip"));
    QCOMPARE(Qt::Alignment(item->textAlignment()), Qt::AlignRight | Qt::AlignVCenter);
    QWidget parent;
    QTableWidget* table = figuresTable({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
                                       {QStringLiteral("row a")}, {QStringLiteral("x"), QStringLiteral("y")},
                                       {QStringLiteral("col x"), QStringLiteral("col y")}, &parent);
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->columnCount(), 2);
    QCOMPARE(table->verticalHeaderItem(0)->toolTip(), QStringLiteral("row a"));
    QVERIFY(table->verticalHeaderItem(2)->toolTip().isEmpty());  // fewer tips than rows: none
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("y"));
    QCOMPARE(table->horizontalHeaderItem(1)->toolTip(), QStringLiteral("col y"));
    QCOMPARE(table->editTriggers(), QAbstractItemView::NoEditTriggers);
    // As high as its header and three rows: every row shows, none is cut.
    parent.resize(400, 600);
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    int rows = 0;
    for (int r = 0; r < 3; ++r) rows += table->verticalHeader()->sectionSize(r);
    QVERIFY2(table->viewport()->height() >= rows,
             qPrintable(QStringLiteral("%1 < %2").arg(table->viewport()->height()).arg(rows)));
    QVERIFY(table->viewport()->height() <= rows + table->verticalHeader()->sectionSize(0));
    // The Utility page's shares, as displayPercent writes them (one decimal).
    QTableWidget* attributes = m_page->attributeTable();
    for (int r = 0; r < attributes->rowCount(); ++r) {
        const double kept = shown(attributes, r, UtilityPage::Kept);
        QCOMPARE(attributes->item(r, UtilityPage::Kept)->text(), displayPercent(kept, 1));
    }
    QTableWidget* accuracy = m_page->accuracyTable();
    QCOMPARE(accuracy->rowCount(), 2);
    QCOMPARE(accuracy->verticalHeaderItem(int(Classifier::LogisticRegression))->text(),
             QString::fromUtf8(anonymity::classifierTitle(Classifier::LogisticRegression)));
    const double input = shown(accuracy, int(Classifier::NaiveBayes), 0);
    QCOMPARE(accuracy->item(int(Classifier::NaiveBayes), 0)->text(), displayPercent(input, 1));
}

QTEST_MAIN(TestUtilityPage)
#include "tst_utility_page.moc"
