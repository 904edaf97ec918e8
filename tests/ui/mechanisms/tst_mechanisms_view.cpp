// The Mechanisms view end to end, offscreen, on the bundled adult sample. Release mode (the
// default): a seeded Laplace count shows exactly what core's releaseColumnQuery returns for the
// same seed and is charged before it is shown; each side of a comparison is charged; a refusal
// (budget spent) shows nothing new and says why; no truth, no repeated releases, noise centred on
// 0. Teaching mode: the exponential-mechanism median beside the histogram median (seed 000) with
// the true value and 1,000 repeated releases, nothing charged. Parameter edits undo and redo; a
// run can be cancelled; randomized response needs declared categories.
#include "mechanisms_view_fixture.h"

class TestMechanismsView : public MechanismsViewFixture {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { loadAdult(); }
    void init() { createView(); }
    void cleanup() { destroyView(); }
    void laplaceCountMatchesCoreAndIsCharged();
    void medianComparisonMatchesCoreInTeaching();
    void comparisonChargesBothSides();
    void refusalShowsNothingNew();
    void showTrueValueOnlyInTeaching();
    void teachingResultIsNeverBundled();
    void undoRedoParameter();
    void cancelKeepsPreviousResult();
    void randomizedResponseNeedsDeclaredCategories();
};

void TestMechanismsView::laplaceCountMatchesCoreAndIsCharged() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("count"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("laplace"));
    set("epsilon", 0.5);
    m_view->findChild<QCheckBox*>(QStringLiteral("seeded"))->setChecked(true);
    set("seed", 7);
    QVERIFY(runAndWait());

    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Count;
    spec.mechanism = dp::MechanismKind::Laplace;
    spec.epsilon = 0.5;
    auto gate = teachingGate(7);
    const dp::ColumnQueryResult expected = coreRun(gate, spec);
    auto* label = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("answer"));
    auto* scale = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("noise-scale"));
    QCOMPARE(answer(0), expected.releases[0][0]);
    QVERIFY2(label->text().contains(formatDpValue(expected.releases[0][0])), qPrintable(label->text()));
    // Count has sensitivity 1 under add/remove, so b = 1/epsilon = 2 (by hand); snapping widens
    // the sensitivity by a few ulps of the lattice, hence the 1e-9 relative tolerance.
    QCOMPARE(scale->property("value").toDouble(), expected.noiseScale);
    QVERIFY2(std::abs(expected.noiseScale - 2.0) < 2e-9, qPrintable(QString::number(expected.noiseScale, 'g', 17)));
    // Charged before it was shown: one ledger entry of 0.5, marked seeded.
    QCOMPARE(entries(), 1);
    QCOMPARE(spent().epsilon, 0.5);
    const auto& receipt = m_view->panel(0)->release()->receipt;
    QVERIFY(receipt.ledgerEntry.has_value());
    QVERIFY(receipt.seeded && !receipt.isPrivate);
    // Release mode: no truth, no repeated releases; the noise chart is centred on 0.
    QVERIFY(m_view->panel(0)->release()->trueValues.empty());
    QCOMPARE(int(m_view->panel(0)->repeatedValues().size()), 0);
    QVERIFY(!m_view->panel(0)->noiseChartView()->chart()->series().isEmpty());
    auto* notes = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("notes"));
    QVERIFY2(notes->text().contains(QStringLiteral("SEEDED release")) &&
                 notes->text().contains(QStringLiteral("NOT private")),
             qPrintable(notes->text()));
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("ledger entry")));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_count.png"));
}

void TestMechanismsView::medianComparisonMatchesCoreInTeaching() {
    m_env->session.setTeaching(true);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("histogram"));
    set("epsilon", 0.1);
    set("lower", 0.0);
    set("upper", 100.0);
    set("bins", 20);
    set("seeded", true);
    set("seed", 1);
    set("show-true", true);
    QVERIFY(runAndWait());
    QVERIFY(m_view->panel(1)->isVisibleTo(m_view.get()));

    // The view's sequence on one teaching gate: A once, A 1,000 times, B once, B 1,000 times.
    auto gate = teachingGate(1);
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Median;
    spec.quantile = 0.5;
    spec.mechanism = dp::MechanismKind::Exponential;
    spec.epsilon = 0.1;
    spec.lower = 0.0;
    spec.upper = 100.0;
    const dp::ColumnQueryResult expA = coreRun(gate, spec);
    const dp::ColumnQueryResult repA = coreRun(gate, spec, MechanismsView::kRepeatedReleases);
    spec.mechanism = dp::MechanismKind::Histogram;
    spec.binCount = 20;
    const dp::ColumnQueryResult expB = coreRun(gate, spec);
    for (int i = 0; i < 2; ++i) {
        const dp::ColumnQueryResult& exp = i == 0 ? expA : expB;
        auto* scale = m_view->panel(i)->findChild<QLabel*>(QStringLiteral("noise-scale"));
        QCOMPARE(answer(i), exp.releases[0][0]);
        QCOMPARE(scale->property("value").toDouble(), exp.noiseScale);
        QCOMPARE(int(m_view->panel(i)->repeatedValues().size()), MechanismsView::kRepeatedReleases);
        auto* truth = m_view->panel(i)->findChild<QLabel*>(QStringLiteral("true-value"));
        QVERIFY(truth->isVisibleTo(m_view.get()));
        QVERIFY2(truth->text().contains(formatDpValue(exp.trueValues[0])), qPrintable(truth->text()));
        QVERIFY(!m_view->panel(i)->release()->receipt.isPrivate);
    }
    QCOMPARE(m_view->panel(0)->repeatedValues().front(), repA.releases[0][0]);
    QCOMPARE(entries(), 0);  // teaching mode charges nothing
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("TEACHING MODE")));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_median_compare.png"));
}

void TestMechanismsView::comparisonChargesBothSides() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("count"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("laplace"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("geometric"));
    set("epsilon", 0.3);
    QVERIFY(runAndWait());
    QVERIFY(m_view->panel(0)->hasResult() && m_view->panel(1)->hasResult());
    QCOMPARE(entries(), 2);
    QCOMPARE(spent().epsilon, 0.6);
    QVERIFY(m_view->panel(0)->release()->receipt.isPrivate);
    QVERIFY(m_view->panel(1)->release()->receipt.isPrivate);
    QVERIFY(*m_view->panel(0)->release()->receipt.ledgerEntry != *m_view->panel(1)->release()->receipt.ledgerEntry);
}

void TestMechanismsView::refusalShowsNothingNew() {
    QVERIFY(m_env->session.setBudget("adult.csv", {1.0, 0.0}).isOk());
    set("epsilon", 0.6);
    QVERIFY(runAndWait());
    const double shown = answer(0);
    QCOMPARE(entries(), 1);
    // A second release at 0.6 would bring the total to 1.2 > 1: refused before any noise is drawn,
    // the previous answer stays, the status says why, nothing is written.
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    QSignalSpy shownAgain(m_view.get(), &MechanismsView::resultsShown);
    m_view->run();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(shownAgain.count(), 0);
    QCOMPARE(answer(0), shown);
    const QString status = m_view->statusLabel()->text();
    QVERIFY2(status.startsWith(QStringLiteral("Not released")) && status.contains(QStringLiteral("refused")),
             qPrintable(status));
    QVERIFY(!status.contains(QStringLiteral("Released with")));
    QCOMPARE(entries(), 1);
    // With 0.4 left, a comparison of two 0.3 releases: the first is charged and shown, the second
    // is refused and said so.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("geometric"));
    set("epsilon", 0.3);
    QVERIFY(runAndWait());
    QCOMPARE(entries(), 2);
    QVERIFY(m_view->panel(0)->hasResult());
    QVERIFY(!m_view->panel(1)->hasResult());
    QVERIFY2(m_view->statusLabel()->text().contains(QStringLiteral("second mechanism was not released")),
             qPrintable(m_view->statusLabel()->text()));
}

void TestMechanismsView::showTrueValueOnlyInTeaching() {
    set("seeded", true);
    set("show-true", true);
    QVERIFY(runAndWait());
    auto* truth = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("true-value"));
    QVERIFY(!truth->isVisibleTo(m_view.get()));  // release mode: never
    QVERIFY(!m_view->findChild<QCheckBox*>(QStringLiteral("show-true"))->isEnabled());
    m_env->session.setTeaching(true);
    QVERIFY(!m_view->panel(0)->hasResult());  // the release-mode answer is not kept beside truths
    QVERIFY(runAndWait());
    QVERIFY(truth->isVisibleTo(m_view.get()));
    QVERIFY(truth->text().contains(QStringLiteral("True value")));
    m_env->document.undoStack()->undo();
    QVERIFY(!truth->isVisibleTo(m_view.get()));
}

void TestMechanismsView::teachingResultIsNeverBundled() {
    m_env->session.setTeaching(true);
    QVERIFY(runAndWait());
    QVERIFY(!m_view->findChild<QPushButton*>(QStringLiteral("release-bundle"))->isEnabled());
    QVERIFY(!m_view->releaseTo(m_dir.filePath(QStringLiteral("teaching-bundle"))));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("teaching-bundle"))));
    QCOMPARE(entries(), 0);
}

void TestMechanismsView::undoRedoParameter() {
    auto* slider = m_view->findChild<QSlider*>(QStringLiteral("epsilon-slider"));
    auto* query = m_view->findChild<QComboBox*>(QStringLiteral("query"));
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 1.0);
    slider->setValue(EpsilonSlider::positionOf(0.1));
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 0.1);
    choose(query, QStringLiteral("mean"));
    QCOMPARE(m_view->parameters()->text(QStringLiteral("query")), QStringLiteral("mean"));
    QUndoStack* undo = m_env->document.undoStack();
    undo->undo();
    QCOMPARE(query->currentData().toString(), QStringLiteral("count"));
    undo->undo();
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 1.0);
    QCOMPARE(slider->value(), EpsilonSlider::positionOf(1.0));
    undo->redo();
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 0.1);
    QCOMPARE(slider->value(), EpsilonSlider::positionOf(0.1));
}

void TestMechanismsView::cancelKeepsPreviousResult() {
    m_env->session.setTeaching(true);  // the long run: 1,000 repeated medians
    set("seeded", true);
    QVERIFY(runAndWait());
    const double before = answer(0);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    set("seed", 99);
    QSignalSpy cancelled(m_view->job(), &CoreJob::cancelled);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(m_env->jobs.isBusy());
    m_env->jobs.cancel();  // the status bar's Cancel
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kTimeoutMs);
    QCOMPARE(answer(0), before);
    QVERIFY(!m_env->jobs.isBusy());
}

void TestMechanismsView::randomizedResponseNeedsDeclaredCategories() {
    set("seeded", true);
    set("show-true", true);
    auto* panel = m_view->findChild<RandomizedResponsePanel*>();
    auto* column = panel->findChild<QComboBox*>(QStringLiteral("rr-column"));
    const int sex = column->findData(QStringLiteral("sex"));
    QVERIFY(sex >= 0);
    column->setCurrentIndex(sex);
    auto* result = panel->findChild<QLabel*>(QStringLiteral("rr-result"));
    auto* categories = panel->findChild<QLineEdit*>(QStringLiteral("rr-categories"));
    QVERIFY(categories->text().isEmpty());  // release mode: never read off the data
    QSignalSpy failed(panel->findChild<CoreJob*>(), &CoreJob::failed);
    QSignalSpy shown(panel, &RandomizedResponsePanel::estimateShown);
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1 || result->text().contains(QStringLiteral("Not released")),
                             kTimeoutMs);
    QVERIFY2(result->text().contains(QStringLiteral("categories")), qPrintable(result->text()));
    QCOMPARE(entries(), 0);
    // Declared: charged, estimated, no truth in release mode.
    categories->setText(QStringLiteral("Male, Female"));
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY(shown.wait(kTimeoutMs));
    QString text = result->text();
    QVERIFY2(text.contains(QStringLiteral("Male")) && text.contains(QStringLiteral("k = 2")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("SEEDED")));
    QVERIFY(!text.contains(QStringLiteral("True %")));
    QCOMPARE(entries(), 1);
    // Teaching mode: the categories may come from the data and the true shares are shown.
    m_env->session.setTeaching(true);
    column->setCurrentIndex(sex);
    Q_EMIT column->activated(sex);
    QVERIFY(categories->text().contains(QStringLiteral("Male")));
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY(shown.wait(kTimeoutMs));
    text = result->text();
    QVERIFY(text.contains(QStringLiteral("True %")));
    QVERIFY(text.contains(QStringLiteral("TEACHING MODE")));
    QCOMPARE(entries(), 1);
    saveScreenshot(*m_view, QStringLiteral("mechanisms_rr.png"));
    // Back in release mode, the categories read off the data are refused until declared.
    m_env->session.setTeaching(false);
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY2(result->text().contains(QStringLiteral("read off the data")), qPrintable(result->text()));
    QCOMPARE(entries(), 1);
    categories->setText(QStringLiteral("Male, Female"));  // declared (the data's list was "Female, Male")
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY(shown.wait(kTimeoutMs));
    QCOMPARE(entries(), 2);
}

QTEST_MAIN(TestMechanismsView)
#include "tst_mechanisms_view.moc"
