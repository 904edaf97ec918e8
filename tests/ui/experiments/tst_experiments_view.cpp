// Experiments view offscreen: a small sweep (3 epsilons x 5 trials x 2 histogram methods on
// NETTRACE) shows one line per method and a table equal to core's own runExperiment on the same
// experiment (fixed seed: the sweep is deterministic whatever the threads), metric switch, cancel
// keeps the previous results, exports, experiment JSON round trip, undo of a setting.
#include "ui_test_support.h"
#include "view_environment.h"
#include "views/experiments/experiments_view.h"

#include "charts/experiments/error_epsilon_chart_builder.h"

#include "document/document.h"
#include "views/experiments/sweep_summary_model.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/eval/sweep.h"

#include <QAbstractItemModelTester>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace veil;
using namespace veil::ui;

using ui_test::saveScreenshot;

namespace {

const QString kNettrace = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/NETTRACE.n4096.npy");

template <typename T>
T* child(QWidget& w, const char* name) {
    auto* c = w.findChild<T*>(QString::fromLatin1(name));
    if (!c) qFatal("no child %s", name);
    return c;
}

// Sets the small sweep of the brief through the real widgets.
void configureSmallSweep(ExperimentsView& view, int trials) {
    child<QLineEdit>(view, "datasetPath")->setText(kNettrace);
    child<QComboBox>(view, "workload")->setCurrentIndex(2);  // random ranges (1000, seed 9001)
    auto* methods = child<QListWidget>(view, "methods");
    for (int i = 0; i < methods->count(); ++i) {
        // The registry id is in the item's data (the text is the human name).
        const QString id =
            QString::fromStdString(nlohmann::json::parse(methods->item(i)->data(Qt::UserRole).toString().toStdString())
                                       .at("id")
                                       .get<std::string>());
        const bool on =
            id == QLatin1String("histogram:identity") || id == QLatin1String("histogram:hierarchical+consistency");
        methods->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    child<QDoubleSpinBox>(view, "epsilonFrom")->setValue(0.1);
    child<QDoubleSpinBox>(view, "epsilonTo")->setValue(10);
    child<QSpinBox>(view, "epsilonCount")->setValue(3);
    child<QSpinBox>(view, "trials")->setValue(trials);
    child<QCheckBox>(view, "fixedSeed")->setChecked(true);
}

bool runAndWait(ExperimentsView& view) {
    QSignalSpy ended(&view, &ExperimentsView::runEnded);
    child<QPushButton>(view, "runSweep")->click();
    return ended.wait(120000) || ended.count() > 0;
}

}  // namespace

class TestExperimentsView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() {
        // A utility sweep measures errors against the truth: teaching mode (public sample data).
        m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Teaching);
    }

    // Release mode never shows an error measured against the truth: the sweep is refused, with
    // the reason, before anything runs.
    void releaseModeRefusesAUtilitySweep() {
        m_env->session.setTeaching(false);
        ExperimentsView view(m_env->context);
        configureSmallSweep(view, 3);
        child<QPushButton>(view, "runSweep")->click();
        QVERIFY(!m_env->jobs.isBusy());
        QVERIFY(!view.result());
        QVERIFY2(view.statusText().contains(QLatin1String("teaching mode")), qPrintable(view.statusText()));
    }

    void emptyModelPassesTester() {
        SweepSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(SweepSummaryModel::ColumnCount));
    }

    // The chart builder on a hand-built result: one median line and one band per method, log
    // axes, a zero error drawn at the floor, the tooltip with the exact numbers.
    void chartBuilderOnHandBuiltResult() {
        eval::SweepResult result;
        result.methods = {{"a", "method A", {}}, {"b", "method B", {}}};
        result.epsilons = {0.1, 1.0};
        result.trials = 3;
        for (std::size_t m = 0; m < 2; ++m)
            for (std::size_t e = 0; e < 2; ++e) {
                eval::SummaryRow row;
                row.method = m;
                row.epsilonIndex = e;
                row.epsilon = result.epsilons[e];
                auto& s = row.metrics[std::size_t(eval::Metric::Rmse)];
                s.n = 3;
                s.median = m == 0 && e == 1 ? 0.0 : 10.0 / row.epsilon;
                s.q1 = s.median / 2;
                s.q3 = s.median * 2;
                s.mean = 1.25;
                s.ciLower = 0.5;
                s.ciUpper = 2.0;
                result.summaries.push_back(row);
            }
        std::unique_ptr<QChart> chart(ErrorEpsilonChartBuilder::build(result, eval::Metric::Rmse));
        QStringList names;
        for (auto* s : chart->series())
            if (auto* line = qobject_cast<QLineSeries*>(s)) {
                names << line->name();
                QCOMPARE(line->count(), 2);
            }
        QCOMPARE(names, QStringList({QStringLiteral("method A"), QStringLiteral("method B")}));
        auto* a = qobject_cast<QLineSeries*>(chart->series().at(1));
        QCOMPARE(a->at(0), QPointF(0.1, 100.0));
        QCOMPARE(a->at(1).y(), ErrorEpsilonChartBuilder::kLogFloor);  // zero error
        QCOMPARE(chart->axes(Qt::Horizontal).size(), 1);
        QVERIFY(qobject_cast<QLogValueAxis*>(chart->axes(Qt::Horizontal).front()));
        QVERIFY(qobject_cast<QLogValueAxis*>(chart->axes(Qt::Vertical).front()));
        const QString tip = ErrorEpsilonChartBuilder::tooltipText(result, result.summaries[2], eval::Metric::Rmse);
        QVERIFY2(tip.contains(QLatin1String("method B")) && tip.contains(QLatin1String("median 100")) &&
                     tip.contains(QLatin1String("IQR [50, 200]")) && tip.contains(QLatin1String("mean 1.25")),
                 qPrintable(tip));
    }

    void smallSweepMatchesEngine() {
        ExperimentsView view(m_env->context);
        view.resize(1400, 900);
        QAbstractItemModelTester tester(view.summaryModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        configureSmallSweep(view, 5);
        view.setThreads(2);
        auto experiment = view.currentExperiment();
        QVERIFY2(experiment.isOk(), experiment.status().message().c_str());
        QVERIFY(runAndWait(view));
        QVERIFY2(view.result(), qPrintable(view.statusText()));
        QVERIFY(view.statusText().contains(QLatin1String("seeded")));

        // One median line and one IQR band per method.
        int lines = 0, bands = 0;
        for (auto* s : view.chartView()->chart()->series()) {
            if (qobject_cast<QAreaSeries*>(s))
                ++bands;
            else if (auto* line = qobject_cast<QLineSeries*>(s)) {
                ++lines;
                QCOMPARE(line->count(), 3);
            }
        }
        QCOMPARE(lines, 2);
        QCOMPARE(bands, 2);

        // The table against core's own run of the same experiment on one thread (same seed).
        eval::SweepOptions one;
        one.threads = 1;
        one.teaching = true;
        auto engine = eval::runExperiment(experiment.value(), one, RunContext{});
        QVERIFY2(engine.isOk(), engine.status().message().c_str());
        const auto* model = view.summaryModel();
        QCOMPARE(model->rowCount(), 6);
        for (eval::Metric metric : {eval::Metric::ScaledL1, eval::Metric::Rmse}) {
            view.setMetric(metric);
            for (int r = 0; r < model->rowCount(); ++r) {
                const auto& s = engine.value().summaries[std::size_t(r)];
                QCOMPARE(model->value(r, SweepSummaryModel::EpsilonColumn), s.epsilon);
                QCOMPARE(model->value(r, SweepSummaryModel::TrialsColumn), 5.0);
                QCOMPARE(model->value(r, SweepSummaryModel::MedianColumn), s[metric].median);
                QCOMPARE(model->value(r, SweepSummaryModel::Q1Column), s[metric].q1);
                QCOMPARE(model->value(r, SweepSummaryModel::Q3Column), s[metric].q3);
                QCOMPARE(model->value(r, SweepSummaryModel::MeanColumn), s[metric].mean);
                QCOMPARE(model->value(r, SweepSummaryModel::CiUpperColumn), s[metric].ciUpper);
            }
        }
        QCOMPARE(model->data(model->index(0, 0)).toString(), QStringLiteral("histogram:hierarchical+consistency"));
        view.setMetric(eval::Metric::ScaledL1);
        saveScreenshot(view, QStringLiteral("experiments-view.png"));

        // Exports.
        QTemporaryDir dir;
        QVERIFY(view.exportChart(dir.filePath(QStringLiteral("chart.png"))));
        QVERIFY(view.exportChart(dir.filePath(QStringLiteral("chart.svg"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("chart.svg"))).size() > 1000);
        QVERIFY(view.exportTrialsCsv(dir.filePath(QStringLiteral("trials.csv"))));
        QFile trials(dir.filePath(QStringLiteral("trials.csv")));
        QVERIFY(trials.open(QIODevice::ReadOnly));
        QCOMPARE(trials.readAll().count('\n'), qsizetype(1 + 2 * 3 * 5));  // header + methods x eps x trials
        QVERIFY(view.exportSummaryCsv(dir.filePath(QStringLiteral("summary.csv"))));
        QFile summary(dir.filePath(QStringLiteral("summary.csv")));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(summary.readAll().count('\n'), qsizetype(1 + 6));

        // Cancel: the previous results stay.
        const auto previous = view.result();
        child<QSpinBox>(view, "trials")->setValue(500);
        QSignalSpy ended(&view, &ExperimentsView::runEnded);
        child<QPushButton>(view, "runSweep")->click();
        QVERIFY(m_env->jobs.isBusy());
        child<QPushButton>(view, "cancelSweep")->click();
        QVERIFY(ended.wait(120000) || ended.count() > 0);
        QCOMPARE(view.result(), previous);
        QCOMPARE(view.summaryModel()->rowCount(), 6);
        QVERIFY(view.statusText().contains(QLatin1String("Cancelled")));
        QVERIFY(!m_env->jobs.isBusy());
    }

    void experimentJsonRoundTrip() {
        ExperimentsView view(m_env->context);
        QVERIFY(
            view.loadExperimentFile(QStringLiteral(VEIL_TEST_DATA_DIR "/../../docs/examples/histograms-sweep.json")));
        auto loaded = view.currentExperiment();
        QVERIFY2(loaded.isOk(), loaded.status().message().c_str());
        QCOMPARE(loaded.value().methods.size(), std::size_t(4));
        QCOMPARE(loaded.value().trials, 20);
        QCOMPARE(loaded.value().seed.value_or(0), std::uint64_t(20161));
        QVERIFY(QFileInfo::exists(QString::fromStdString(loaded.value().dataset.file)));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(view.saveExperimentFile(path));
        auto reread = eval::readExperimentFile(path.toStdString());
        QVERIFY2(reread.isOk(), reread.status().message().c_str());
        QCOMPARE(QString::fromStdString(eval::experimentToJson(reread.value())["methods"].dump()),
                 QString::fromStdString(eval::experimentToJson(loaded.value())["methods"].dump()));
        QCOMPARE(eval::resolvePath(reread.value(), reread.value().dataset.file), loaded.value().dataset.file);
    }

    // Every shipped example loads into the view and comes back as a valid experiment whose data
    // file exists (paths made absolute against the example's folder).
    void shippedExamplesLoad_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("methods");
        QTest::newRow("histograms") << QStringLiteral("histograms-sweep.json") << 4;
        QTest::newRow("counts and medians") << QStringLiteral("counts-medians-sweep.json") << 5;
        QTest::newRow("graph triangles") << QStringLiteral("graph-triangles-sweep.json") << -1;
        QTest::newRow("spatial") << QStringLiteral("spatial-sweep.json") << -1;
    }
    void shippedExamplesLoad() {
        QFETCH(QString, file);
        QFETCH(int, methods);
        const QString path = QStringLiteral(VEIL_TEST_DATA_DIR "/../../docs/examples/") + file;
        auto direct = eval::readExperimentFile(path.toStdString());
        QVERIFY2(direct.isOk(), direct.status().message().c_str());
        ExperimentsView view(m_env->context);
        QVERIFY2(view.loadExperimentFile(path), qPrintable(view.statusText()));
        auto shown = view.currentExperiment();
        QVERIFY2(shown.isOk(), shown.status().message().c_str());
        QCOMPARE(shown.value().methods.size(), direct.value().methods.size());
        if (methods > 0) QCOMPARE(int(shown.value().methods.size()), methods);
        QCOMPARE(shown.value().trials, direct.value().trials);
        QCOMPARE(shown.value().delta, direct.value().delta);
        const std::string data =
            shown.value().dataset.file.empty() ? shown.value().dataset.graph : shown.value().dataset.file;
        QVERIFY2(QFileInfo::exists(QString::fromStdString(data)), data.c_str());
    }

    void settingsAreUndoable() {
        ExperimentsView view(m_env->context);
        auto* trials = child<QSpinBox>(view, "trials");
        const int before = trials->value();
        trials->setValue(before + 7);
        Q_EMIT trials->editingFinished();
        QCOMPARE(m_env->document.undoStack()->count(), 1);
        m_env->document.undoStack()->undo();
        QCOMPARE(trials->value(), before);
        m_env->document.undoStack()->redo();
        QCOMPARE(trials->value(), before + 7);
    }

    void closingWhileRunningEndsTheJob() {
        auto view = std::make_unique<ExperimentsView>(m_env->context);
        configureSmallSweep(*view, 300);
        child<QPushButton>(*view, "runSweep")->click();
        QVERIFY(m_env->jobs.isBusy());
        view.reset();  // cancels and waits for the worker
        QVERIFY(!m_env->jobs.isBusy());
    }

    void badInputIsReported() {
        ExperimentsView view(m_env->context);
        child<QLineEdit>(view, "datasetPath")->setText(QStringLiteral("/nonexistent/counts.npy"));
        QVERIFY(runAndWait(view));
        QVERIFY(!view.result());
        QVERIFY2(view.statusText().contains(QLatin1String("counts.npy")), qPrintable(view.statusText()));
    }

private:
    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
};

QTEST_MAIN(TestExperimentsView)
#include "tst_experiments_view.moc"
