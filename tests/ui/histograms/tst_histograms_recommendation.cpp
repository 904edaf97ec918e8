// The Histograms view's recommender bar, offscreen: with a DPBench counts file open (NETTRACE,
// 4,096 bins) and a declared N, the hint names core's recommendation for exactly that setting
// (domain, N, epsilon, workload, the view's strategies); "Use it" selects it as an undoable edit;
// "Noisy N" on a column spends through the window's gate and labels the scale as noisy.
#include "ui_test_support.h"
#include "view_environment.h"
#include "document/document.h"
#include "panels/recommendation_bar.h"
#include "views/histograms/histograms_view.h"
#include "panels/dp_parameters.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/dp/histogram_recommender.h"
#include "veil/dp/histogram_release.h"
#include "veil/release/privacy_ledger.h"
#include "veil/table/csv_reader.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
const QString kNettrace = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/NETTRACE.n4096.npy");

// Core's answer for the setting the view should have passed.
std::string coreBest(std::size_t bins, double n, double epsilon) {
    dp::RecommendRequest q;
    q.columns = bins;
    q.scale = n;
    q.epsilon = epsilon;
    for (const auto& info : dp::histogramStrategies()) q.candidates.push_back("histogram:" + info.id);
    auto r = dp::recommendHistogramAlgorithm(q);
    return r ? r->best().algorithm : std::string();
}
}  // namespace

class TestHistogramsRecommendation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void hintFollowsTheSettingAndUseItSelects();
    void noisyScaleIsLabelled();
    void noisyScaleIsInvalidated();

private:
    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
    std::unique_ptr<HistogramsView> m_view;
};

void TestHistogramsRecommendation::init() {
    m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Teaching);
    m_view = std::make_unique<HistogramsView>(m_env->context);
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY2(read.isOk(), read.status().message().c_str());
    m_env->document.reset(read->table, kAdult);
}

void TestHistogramsRecommendation::cleanup() {
    m_view.reset();
    m_env.reset();
}

void TestHistogramsRecommendation::hintFollowsTheSettingAndUseItSelects() {
    QVERIFY(m_view->openCountsFile(kNettrace));
    auto* bar = m_view->recommendation();
    QVERIFY(bar);
    auto* scale = bar->findChild<QSpinBox*>(QStringLiteral("recommendation-scale"));
    QVERIFY(scale);
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("epsilon"), 1.0);
    for (const int n : {100, 10'000'000}) {
        scale->setValue(n);
        const std::string expected = coreBest(4096, n, 1.0);
        QVERIFY(!expected.empty());
        QCOMPARE(bar->recommended().toStdString(), expected);
        QVERIFY2(bar->hintText().startsWith(QStringLiteral("Recommended for this setting: <b>")),
                 qPrintable(bar->hintText()));
        QVERIFY(bar->scaleText().contains(QStringLiteral("declared")));
    }
    // Small N * epsilon: start from another strategy, then "Use it".
    scale->setValue(100);
    const QString best = bar->recommended();
    const QString other =
        best == QStringLiteral("histogram:identity") ? QStringLiteral("hb") : QStringLiteral("identity");
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("strategy"), other);
    QTest::mouseClick(bar->useButton(), Qt::LeftButton);
    QCOMPARE(m_view->parameters()->text(QStringLiteral("strategy")), best.section(QLatin1Char(':'), 1));
    auto* combo = m_view->findChild<QComboBox*>(QStringLiteral("strategy"));
    QCOMPARE(combo->currentData().toString(), best.section(QLatin1Char(':'), 1));
    m_env->document.undoStack()->undo();  // an ordinary edit: undo restores the previous strategy
    QCOMPARE(m_view->parameters()->text(QStringLiteral("strategy")), other);
}

void TestHistogramsRecommendation::noisyScaleIsLabelled() {
    auto* bar = m_view->recommendation();
    QVERIFY(bar->noisyButton()->isVisibleTo(m_view.get()));  // a column source can be counted
    QTest::mouseClick(bar->noisyButton(), Qt::LeftButton);
    QVERIFY2(bar->scaleText().contains(QStringLiteral("noisy count of")), qPrintable(bar->scaleText()));
    QVERIFY2(bar->scaleText().contains(QStringLiteral("not private"), Qt::CaseInsensitive),
             qPrintable(bar->scaleText()));
    QVERIFY(!bar->recommended().isEmpty());
    QVERIFY(m_view->openCountsFile(kNettrace));  // a counts file has no table to count
    QVERIFY(!bar->noisyButton()->isVisibleTo(m_view.get()));
}

// A noisy N belongs to the mode, table and column it was counted in: toggling teaching, resetting
// the table or changing the column goes back to the declared N. In release mode each count is
// charged once, at the stated epsilon of 0.01.
void TestHistogramsRecommendation::noisyScaleIsInvalidated() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(m_env->session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());  // never the user's
    auto* bar = m_view->recommendation();
    auto noisy = [bar] { return bar->scaleText().contains(QStringLiteral("noisy count of")); };
    auto charges = [this] {
        auto e = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
        return e ? int(e->size()) : -1;
    };
    QTest::mouseClick(bar->noisyButton(), Qt::LeftButton);
    QVERIFY2(noisy(), qPrintable(bar->scaleText()));
    QCOMPARE(charges(), 0);  // teaching: nothing charged
    m_env->session.setTeaching(false);
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));  // the uncharged count does not drive release mode
    QVERIFY(bar->scaleText().contains(QStringLiteral("declared")));
    QTest::mouseClick(bar->noisyButton(), Qt::LeftButton);
    QVERIFY2(noisy(), qPrintable(bar->scaleText()));
    QCOMPARE(charges(), 1);
    auto spent = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("adult.csv"); });
    QVERIFY(spent);
    QCOMPARE(spent->epsilon, 0.01);
    QCOMPARE(m_view->parameters()->text(QStringLiteral("column")), QStringLiteral("sex"));  // adult's first
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("column"), QStringLiteral("age"));
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));
    QTest::mouseClick(bar->noisyButton(), Qt::LeftButton);
    QVERIFY2(noisy(), qPrintable(bar->scaleText()));
    QCOMPARE(charges(), 2);
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY(read.isOk());
    m_env->document.reset(read->table, kAdult);
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));
    QTest::mouseClick(bar->noisyButton(), Qt::LeftButton);
    QVERIFY(noisy());
    m_env->session.setTeaching(true);
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));
}

QTEST_MAIN(TestHistogramsRecommendation)
#include "tst_histograms_recommendation.moc"
