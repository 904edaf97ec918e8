// Experiments view, syntactic side (loss and risk against k), offscreen: loading the shipped adult
// example switches the view to "Syntactic anonymity (k)"; Run shows one line per method with one
// point per k, a table equal to core's own runExperiment, the measure switcher lists the anonymity
// measures, CSV exports, cancel keeps the previous results, the type is undoable.
#include "ui_test_support.h"
#include "views/experiments/experiments_view.h"

#include "charts/experiments/measure_k_chart_builder.h"

#include "document/document.h"
#include "views/experiments/anonymity_sweep_model.h"
#include "workbench/job_monitor.h"
#include "workbench/workbench_context.h"

#include "veil/eval/sweep.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

using namespace veil;
using namespace veil::ui;

using ui_test::saveScreenshot;

namespace {

const QString kExample = QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/adult-k-sweep.json");

template <typename T>
T* child(QWidget& w, const char* name) {
    auto* c = w.findChild<T*>(QString::fromLatin1(name));
    if (!c) qFatal("no child %s", name);
    return c;
}

bool runAndWait(ExperimentsView& view) {
    QSignalSpy ended(&view, &ExperimentsView::runEnded);
    child<QPushButton>(view, "runSweep")->click();
    return ended.wait(240000) || ended.count() > 0;
}

QList<QLineSeries*> lines(QChart* chart) {
    QList<QLineSeries*> out;
    for (auto* s : chart->series())
        if (auto* l = qobject_cast<QLineSeries*>(s)) out << l;
    return out;
}

}  // namespace

class TestExperimentsK : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() {
        m_document = std::make_unique<Document>();
        m_jobs = std::make_unique<JobMonitor>();
        m_context = {m_document.get(), m_jobs.get(), nullptr};
    }

    void emptyModelPassesTester() {
        AnonymitySweepModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.columnCount(), int(AnonymitySweepModel::FirstMeasureColumn + eval::kAnonymityMeasureCount));
    }

    // Issue 20: no registry ids or raw JSON in the method list; human names, ids in the data.
    void methodListIsReadable() {
        ExperimentsView view(m_context);
        QVERIFY(view.loadAnonymityExample());
        auto* methods = child<QListWidget>(view, "methods");
        QStringList texts;
        for (int i = 0; i < methods->count(); ++i) {
            const QString text = methods->item(i)->text();
            texts << text;
            QVERIFY2(!text.contains(QLatin1Char('{')) && !text.contains(QLatin1String("optimal:")), qPrintable(text));
            QVERIFY(methods->item(i)->data(Qt::UserRole).toString().contains(QLatin1String("\"id\"")));
        }
        QVERIFY2(texts.contains(QStringLiteral("Optimal lattice search — Information loss (ARX Loss)")),
                 qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY2(texts.contains(QStringLiteral("Optimal lattice search — Discernibility, penalised (DM)")),
                 qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY2(texts.contains(QStringLiteral("mondrian (relaxed) — Mondrian partitioning")),
                 qPrintable(texts.join(QLatin1Char('|'))));
    }

    void exampleRunsAndMatchesEngine() {
        ExperimentsView view(m_context);
        view.resize(1500, 950);
        view.show();
        QVERIFY(view.loadAnonymityExample());
        QVERIFY(view.isAnonymityMode());
        QCOMPARE(child<QComboBox>(view, "experimentType")->currentIndex(), 1);
        QVERIFY(child<QWidget>(view, "anonymityGroup")->isVisible());
        QCOMPARE(child<QLineEdit>(view, "kGrid")->text(), QStringLiteral("2, 3, 5, 10, 20, 50, 100"));
        // Only syntactic methods are listed; the example's three are ticked.
        auto* methods = child<QListWidget>(view, "methods");
        int checked = 0;
        for (int i = 0; i < methods->count(); ++i) {
            QVERIFY2(!methods->item(i)->text().startsWith(QLatin1String("histogram:")),
                     qPrintable(methods->item(i)->text()));
            checked += methods->item(i)->checkState() == Qt::Checked;
        }
        QCOMPARE(checked, 3);
        // The measure switcher lists the anonymity measures.
        auto* metric = child<QComboBox>(view, "metric");
        QCOMPARE(metric->count(), int(eval::kAnonymityMeasureCount));
        QCOMPARE(metric->itemText(0), QString::fromUtf8(eval::anonymityMeasureLabel(eval::AnonymityMeasure::Loss)));

        view.setThreads(2);
        QVERIFY(runAndWait(view));
        QVERIFY2(view.result() && view.result()->isAnonymity(), qPrintable(view.statusText()));
        QVERIFY2(view.statusText().contains(QLatin1String("deterministic")), qPrintable(view.statusText()));

        // The chart: one line per method, one point per k.
        auto* chart = view.chartView()->chart();
        auto series = lines(chart);
        QCOMPARE(series.size(), 3);
        QCOMPARE(series[0]->name(), QStringLiteral("optimal:loss"));
        QCOMPARE(series[0]->count(), 7);
        QCOMPARE(series[1]->count(), 7);  // Mondrian's Loss too
        QCOMPARE(series[0]->at(2).x(), 5.0);
        QVERIFY(qobject_cast<QLogValueAxis*>(chart->axes(Qt::Horizontal).front()));
        view.setAnonymityMeasure(eval::AnonymityMeasure::ProsecutorMax);
        QCOMPARE(metric->currentData().toInt(), int(eval::AnonymityMeasure::ProsecutorMax));
        series = lines(view.chartView()->chart());
        QCOMPARE(series.size(), 3);
        for (auto* s : series) QCOMPARE(s->count(), 7);
        // Highest risk of a k-anonymous release is at most 1/k: Mondrian strict at k = 5 is exactly 0.2.
        QCOMPARE(series[1]->at(2), QPointF(5.0, 0.2));

        // The table equals core's own run of the same experiment.
        auto experiment = view.currentExperiment();
        QVERIFY2(experiment.isOk(), experiment.status().message().c_str());
        auto engine = eval::runExperiment(experiment.value(), {}, {});
        QVERIFY(engine.isOk());
        auto* model = view.anonymityModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(child<QTableView>(view, "experimentsTable")->model(), static_cast<QAbstractItemModel*>(model));
        QCOMPARE(model->rowCount(), 21);
        for (int r = 0; r < model->rowCount(); ++r)
            for (auto m : eval::kAllAnonymityMeasures) {
                const double shown = model->value(r, AnonymitySweepModel::columnOf(m));
                const double core = engine->anonymity[std::size_t(r)].measures[m];
                QVERIFY(std::isnan(shown) ? std::isnan(core) : shown == core);
            }
        QCOMPARE(series[0]->at(2).y(), engine->anonymityRow(0, 2)->measures[eval::AnonymityMeasure::ProsecutorMax]);

        view.setAnonymityMeasure(eval::AnonymityMeasure::ProsecutorAverage);
        saveScreenshot(view, QStringLiteral("experiments-k-risk.png"));
        view.setAnonymityMeasure(eval::AnonymityMeasure::Loss);
        saveScreenshot(view, QStringLiteral("experiments-k.png"));

        // CSV exports: one row per (method, k), the grid column named k.
        QTemporaryDir tmp;
        const QString csv = tmp.filePath(QStringLiteral("k.csv"));
        QVERIFY(view.exportSummaryCsv(csv));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto rows = f.readAll().trimmed().split('\n');
        QCOMPARE(rows.size(), 22);
        QVERIFY2(rows[0].startsWith("method,label,k_index,k,"), rows[0].constData());
        QVERIFY(view.exportTrialsCsv(tmp.filePath(QStringLiteral("rows.csv"))));
        QVERIFY(view.exportChart(tmp.filePath(QStringLiteral("chart.svg"))));

        // Cancel keeps the previous results.
        const auto previous = view.result();
        QSignalSpy ended(&view, &ExperimentsView::runEnded);
        child<QPushButton>(view, "runSweep")->click();
        view.cancel();
        QVERIFY(ended.wait(240000) || ended.count() > 0);
        QVERIFY(view.result() == previous || view.result()->anonymity.size() == previous->anonymity.size());
        QCOMPARE(lines(view.chartView()->chart()).size(), 3);
    }

    void typeSwitchIsUndoable() {
        ExperimentsView view(m_context);
        auto* type = child<QComboBox>(view, "experimentType");
        QCOMPARE(type->currentIndex(), 0);
        QCOMPARE(child<QComboBox>(view, "metric")->count(), int(eval::kMetricCount));
        view.setAnonymityMode(true);
        QCOMPARE(child<QComboBox>(view, "metric")->count(), int(eval::kAnonymityMeasureCount));
        // Without a loaded table, Run explains what to do.
        auto e = view.currentExperiment();
        QVERIFY(!e.isOk());
        QVERIFY2(e.status().message().find("adult example") != std::string::npos, e.status().message().c_str());
        m_document->undoStack()->undo();
        QCOMPARE(type->currentIndex(), 0);
        QCOMPARE(child<QComboBox>(view, "metric")->count(), int(eval::kMetricCount));
        bool histogramListed = false;
        auto* methods = child<QListWidget>(view, "methods");
        for (int i = 0; i < methods->count(); ++i)
            histogramListed |=
                methods->item(i)->data(Qt::UserRole).toString().contains(QLatin1String("\"histogram:identity\""));
        QVERIFY(histogramListed);
    }

private:
    std::unique_ptr<Document> m_document;
    std::unique_ptr<JobMonitor> m_jobs;
    WorkbenchContext m_context;
};

QTEST_MAIN(TestExperimentsK)
#include "tst_experiments_k.moc"
