// What the Mechanisms view's result panels say (issue 20): a result is marked outdated, with its
// release disabled, when the inputs change or a run fails; a partial refusal is not called
// released; each compared mechanism has its own delta; typed epsilon and delta are validated; the
// exponential mechanism's interval explains a value outside it; bounds read off the data are
// warned about; a histogram answer is a table and a chart with each bin's interval.
#include "mechanisms_view_fixture.h"
#include "panels/data_filled_domain.h"

class TestMechanismsReadouts : public MechanismsViewFixture {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { loadAdult(); }
    void init() { createView(); }
    void cleanup() { destroyView(); }
    // Issue 20: stale state and readouts that contradict themselves.
    void failedRunMarksResultOutdated();
    void partialRefusalIsNotCalledReleased();
    void comparisonHasOneDeltaPerMechanism();
    void typedEpsilonAndDeltaAreValidated_data();
    void typedEpsilonAndDeltaAreValidated();
    void exponentialIntervalSaysWhyValueIsOutside();
    void boundsFromDataAreWarned();
    void boundsFromDataRefuseARelease();
    void dataFilledDomainKeepsEveryValue();
    void histogramAnswerIsTableAndChart();
};

// A histogram answer, then the query becomes a median whose run fails (smooth sensitivity with
// δ = 0): the histogram must not stand under the median as if it were its answer.
void TestMechanismsReadouts::failedRunMarksResultOutdated() {
    auto* release = m_view->findChild<QPushButton*>(QStringLiteral("release-bundle"));
    auto* heading = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("heading"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("histogram"));
    QVERIFY(runAndWait());
    QVERIFY(release->isEnabled());
    QVERIFY(!m_view->panel(0)->property("outdated").toBool());
    // Changing an input marks the answer outdated at once.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    QVERIFY(m_view->panel(0)->property("outdated").toBool());
    QVERIFY(!release->isEnabled());
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("smooth"));
    QSignalSpy failed(m_view->job(), &CoreJob::failed);
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    m_view->run();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(failed.count(), 1);
    QVERIFY(m_view->panel(0)->property("outdated").toBool());
    QVERIFY2(heading->text().contains(QStringLiteral("OUTDATED")), qPrintable(heading->text()));
    QVERIFY(!release->isEnabled());
    QVERIFY(!m_view->releaseTo(m_dir.filePath(QStringLiteral("stale-bundle"))));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("stale-bundle"))));
    // A successful run replaces it and may be bundled again.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    QVERIFY(runAndWait());
    QVERIFY(!m_view->panel(0)->property("outdated").toBool());
    QVERIFY(!heading->text().contains(QStringLiteral("OUTDATED")));
    QVERIFY(release->isEnabled());
}

// With budget for one of two compared releases, the status bar must not say "Released" alone.
void TestMechanismsReadouts::partialRefusalIsNotCalledReleased() {
    QVERIFY(m_env->session.setBudget("adult.csv", {0.5, 0.0}).isOk());
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("geometric"));
    set("epsilon", 0.3);
    QSignalSpy messages(&m_env->jobs, &JobMonitor::statusMessage);
    QVERIFY(runAndWait());
    QCOMPARE(entries(), 1);
    QVERIFY(!messages.isEmpty());
    const QString last = messages.last().at(0).toString();
    QVERIFY2(last.contains(QStringLiteral("refused")), qPrintable(last));
}

// The exponential mechanism needs δ = 0 and the smooth-sensitivity median δ > 0: each has its own.
void TestMechanismsReadouts::comparisonHasOneDeltaPerMechanism() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("smooth"));
    auto* deltaB = m_view->findChild<QLineEdit*>(QStringLiteral("delta-b-input"));
    QVERIFY(deltaB);
    QVERIFY(deltaB->isVisibleTo(m_view.get()));
    // Each δ has its own message label (a second "delta-message" would hide this one from lookups).
    QCOMPARE(m_view->findChildren<QLabel*>(QStringLiteral("delta-message")).size(), 1);
    QCOMPARE(m_view->findChildren<QLabel*>(QStringLiteral("delta-b-message")).size(), 1);
    deltaB->setText(QStringLiteral("1e-6"));
    Q_EMIT deltaB->editingFinished();
    QCOMPARE(m_view->parameters()->real(QStringLiteral("delta")), 0.0);
    QCOMPARE(m_view->parameters()->real(QStringLiteral("delta-b")), 1e-6);
    QVERIFY(runAndWait());
    QVERIFY2(m_view->panel(0)->hasResult() && m_view->panel(1)->hasResult(), qPrintable(m_view->statusLabel()->text()));
    QCOMPARE(m_view->panel(1)->release()->delta, 1e-6);
    QCOMPARE(entries(), 2);
}

void TestMechanismsReadouts::typedEpsilonAndDeltaAreValidated_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("expected");  // NaN: refused, the parameter keeps its value
    QTest::addColumn<QString>("message");
    const double refused = std::nan("");
    QTest::newRow("epsilon 0 refused") << "epsilon"
                                       << "0" << refused << "greater than 0";
    QTest::newRow("epsilon -1 refused") << "epsilon"
                                        << "-1" << refused << "greater than 0";
    QTest::newRow("epsilon text refused") << "epsilon"
                                          << "abc" << refused << "must be a number";
    QTest::newRow("epsilon inf refused") << "epsilon"
                                         << "inf" << refused << "must be a number";
    QTest::newRow("epsilon 0.25 typed") << "epsilon"
                                        << "0.25" << 0.25 << "";
    QTest::newRow("epsilon 20 beyond the slider") << "epsilon"
                                                  << "20" << 20.0 << "";
    QTest::newRow("delta -1 refused") << "delta"
                                      << "-1" << refused << "at least 0";
    QTest::newRow("delta 1 refused") << "delta"
                                     << "1" << refused << "below 1";
    QTest::newRow("delta 1e-6 typed") << "delta"
                                      << "1e-6" << 1e-6 << "";
}

void TestMechanismsReadouts::typedEpsilonAndDeltaAreValidated() {
    QFETCH(QString, field);
    QFETCH(QString, typed);
    QFETCH(double, expected);
    QFETCH(QString, message);
    auto* edit = m_view->findChild<QLineEdit*>(field + QStringLiteral("-input"));
    auto* shown = m_view->findChild<QLabel*>(field + QStringLiteral("-message"));
    QVERIFY(edit && shown);
    const double before = m_view->parameters()->real(field);
    edit->setText(typed);
    Q_EMIT edit->editingFinished();
    if (std::isnan(expected)) {
        QCOMPARE(m_view->parameters()->real(field), before);
        QCOMPARE(edit->text(), typed);  // not silently reset
        QVERIFY(shown->isVisibleTo(m_view.get()));
        QVERIFY2(shown->text().contains(message), qPrintable(shown->text()));
    } else {
        QCOMPARE(m_view->parameters()->real(field), expected);
        QVERIFY(!shown->isVisibleTo(m_view.get()));
        m_env->document.undoStack()->undo();  // a typed value is one undo step
        QCOMPARE(m_view->parameters()->real(field), before);
    }
}

// At ε = 10 the exponential median's rank interval is a single data value ([37, 37]) while the
// answer is drawn between two data values (37.11): the readout must say why.
void TestMechanismsReadouts::exponentialIntervalSaysWhyValueIsOutside() {
    m_env->session.setTeaching(true);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    set("epsilon", 10.0);
    set("seeded", true);
    set("seed", 3);
    QVERIFY(runAndWait());
    const auto& r = *m_view->panel(0)->release();
    QVERIFY(!r.intervals.empty() && !r.intervals[0].empty());
    const auto& ci = r.intervals[0][0];
    const double v = r.releases[0][0];
    auto* interval = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("interval"));
    QVERIFY2(v < ci.lower || v > ci.upper,
             qPrintable(QStringLiteral("%1 in [%2, %3]").arg(v).arg(ci.lower).arg(ci.upper)));
    QVERIFY2(interval->text().contains(QStringLiteral("outside")), qPrintable(interval->text()));
}

void TestMechanismsReadouts::boundsFromDataAreWarned() {
    auto* warning = m_view->findChild<QLabel*>(QStringLiteral("bounds-warning"));
    QVERIFY(warning);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("mean"));
    QVERIFY(!warning->isVisibleTo(m_view.get()));  // release mode: declared bounds
    m_env->session.setTeaching(true);
    QVERIFY(warning->isVisibleTo(m_view.get()));  // teaching: the column's own min and max
    set("lower", 10.0);
    QVERIFY(warning->isVisibleTo(m_view.get()));  // the upper bound is still the data's maximum
    set("upper", 100.0);
    QVERIFY(!warning->isVisibleTo(m_view.get()));  // both declared again
}

// Privacy review: bounds teaching mode read off the data were only warned about in release mode,
// and a run released them. It is refused, with nothing charged, until both are declared.
void TestMechanismsReadouts::boundsFromDataRefuseARelease() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("mean"));
    m_env->session.setTeaching(true);  // the bounds follow the data: 17 and 90
    m_env->session.setTeaching(false);
    const int before = entries();
    set("lower", 0.0);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(!m_view->job()->isRunning());
    QVERIFY2(m_view->statusLabel()->text().contains(QStringLiteral("upper: read off the data")),
             qPrintable(m_view->statusLabel()->text()));
    QCOMPARE(entries(), before);
    set("upper", 100.0);
    QVERIFY(runAndWait());
    QCOMPARE(entries(), before + 1);
}

// Column A's bounds, then column B's, were read off the data: undo can bring A's back, which are
// still the data's. An empty categories field is no domain.
void TestMechanismsReadouts::dataFilledDomainKeepsEveryValue() {
    DataFilledDomain filled;
    filled.record(QStringLiteral("lower"), 17.0);
    filled.record(QStringLiteral("lower"), 3.0);
    filled.record(QStringLiteral("categories"), QString());
    QVariantHash current{{QStringLiteral("lower"), 17}, {QStringLiteral("categories"), QString()}};
    auto value = [&](const QString& k) { return current.value(k); };
    QCOMPARE(filled.stillFromData({QStringLiteral("lower"), QStringLiteral("categories")}, value),
             QStringList{QStringLiteral("lower")});
    current[QStringLiteral("lower")] = 0.0;
    QVERIFY(filled.refusal({QStringLiteral("lower")}, value).isEmpty());
}

// A histogram answer is a table (bin, noisy count, interval per bin) and a bar chart with one error
// bar per bin, not one line of text with the first bin's interval only. Each bin's interval is
// its own noisy count -+ the noise's 95% half-width, and matches the interval core computed for it.
void TestMechanismsReadouts::histogramAnswerIsTableAndChart() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("histogram"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("laplace"));
    set("seeded", true);
    set("seed", 11);
    QVERIFY(runAndWait());
    MechanismResultPanel* panel = m_view->panel(0);
    const dp::ColumnQueryResult& r = *panel->release();
    const std::vector<double>& values = r.releases.at(0);
    QVERIFY2(values.size() > 2, qPrintable(QString::number(values.size())));
    auto* answer = panel->findChild<QLabel*>(QStringLiteral("answer"));
    QVERIFY2(!answer->text().contains(QStringLiteral(", ")), qPrintable(answer->text()));  // no long line
    QTableWidget* table = panel->binTable();
    QVERIFY(table->isVisibleTo(m_view.get()));
    QCOMPARE(table->rowCount(), int(values.size()));
    QCOMPARE(table->columnCount(), 3);  // release mode: no true counts
    const double w = r.noise.halfWidth(0.95);
    for (int i = 0; i < table->rowCount(); ++i) {
        const auto row = std::size_t(i);
        QCOMPARE(table->item(i, 0)->text(), QString::fromStdString(r.labels[row]));
        QCOMPARE(table->item(i, 1)->data(Qt::UserRole).toDouble(), values[row]);
        const double lower = table->item(i, 2)->data(Qt::UserRole).toDouble();
        const double upper = table->item(i, 2)->data(Qt::UserRole + 1).toDouble();
        QVERIFY2(lower <= values[row] && values[row] <= upper, qPrintable(table->item(i, 2)->text()));
        QCOMPARE(lower, values[row] - w);
        QCOMPARE(upper, values[row] + w);
        QCOMPARE(lower, r.intervals[0][row].lower);  // as core computed it for this bin
        QCOMPARE(upper, r.intervals[0][row].upper);
    }
    QChartView* chartView = panel->histogramChartView();
    QVERIFY(chartView->isVisibleTo(m_view.get()));
    QBarSeries* bars = nullptr;
    int errorBars = 0;
    for (QAbstractSeries* s : chartView->chart()->series()) {
        if (auto* b = qobject_cast<QBarSeries*>(s)) bars = b;
        if (auto* line = qobject_cast<QLineSeries*>(s)) {
            double lo = 1e300, hi = -1e300;
            for (const QPointF& p : line->points()) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
            const auto bin = std::size_t(std::lround(line->points().at(2).x()));
            QCOMPARE(lo, values[bin] - w);
            QCOMPARE(hi, values[bin] + w);
            ++errorBars;
        }
    }
    QVERIFY(bars && bars->barSets().size() == 1);
    QCOMPARE(bars->barSets()[0]->count(), int(values.size()));
    for (int i = 0; i < int(values.size()); ++i) QCOMPARE(bars->barSets()[0]->at(i), values[std::size_t(i)]);
    QCOMPARE(errorBars, int(values.size()));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_histogram.png"));
    // Teaching mode with "show true value": the true counts join the table as a column of their own.
    m_env->session.setTeaching(true);
    set("show-true", true);
    QVERIFY(runAndWait());
    const dp::ColumnQueryResult& t = *panel->release();
    QCOMPARE(table->columnCount(), 4);
    for (int i = 0; i < table->rowCount(); ++i)
        QCOMPARE(table->item(i, 3)->text(), formatDpValue(t.trueValues.at(std::size_t(i))));
    QVERIFY(!panel->findChild<QLabel*>(QStringLiteral("true-value"))->isVisibleTo(m_view.get()));
    // A single-value answer hides them again.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("count"));
    QVERIFY(runAndWait());
    QVERIFY(!table->isVisibleTo(m_view.get()));
    QVERIFY(!chartView->isVisibleTo(m_view.get()));
}

QTEST_MAIN(TestMechanismsReadouts)
#include "tst_mechanisms_readouts.moc"
