// The Graph view's releases on karate: each method shows core's noise scale, release mode charges
// each method and hides the truth, a refused release is never called released, and typed epsilon
// marks the compared results outdated (issue 20).
#include "graph_view_fixture.h"

class TestGraphReleases : public GraphViewFixture {
    Q_OBJECT

private Q_SLOTS:
    void init() { createView(); }
    void cleanup() { destroyView(); }
    void releaseShowsCoreNoiseScales_data();
    void releaseShowsCoreNoiseScales();
    void releaseModeChargesEachMethodAndHidesTruth();
    void refusedReleaseIsNotCalledReleased();
    void releaseNeedsTheDeclaredNodes();
    void typedEpsilonAndOutdatedResults();
};

void TestGraphReleases::releaseShowsCoreNoiseScales_data() {
    QTest::addColumn<QString>("statistic");
    QTest::addColumn<QString>("privacy");
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<double>("globalScale");      // by hand: GS / eps
    QTest::addColumn<double>("restrictedScale");  // by hand, edge only (0 = not checked)
    // GS_edge(#edges) = 1; RS_edge over H_k = 1, scale 3 RS / eps (Blocki et al.).
    QTest::newRow("edges, edge-level") << "edges"
                                       << "edge" << 5 << 1.0 << 1.0 << 3.0;
    // GS_edge(#triangles) = n - 2 = 32; RS_edge = k - 1 = 4, scale 3 * 4 / 0.5 = 24.
    QTest::newRow("triangles, edge-level") << "triangles"
                                           << "edge" << 5 << 0.5 << 64.0 << 24.0;
    // GS_edge(two-stars) = 2(n - 2) = 64; RS_edge = 2(k - 1) = 12, scale 36.
    QTest::newRow("two-stars, edge-level") << "two-stars"
                                           << "edge" << 7 << 1.0 << 64.0 << 36.0;
    // Local profile query (seed 001), typed in the profile field: "knows two Officers who know each
    // other". GS_edge = n = 34; RS_edge over H_k = k + 1 = 6, scale 3 * 6 = 18.
    QTest::newRow("profile query, edge-level") << "profile:Officer,Officer/1-2"
                                               << "edge" << 5 << 1.0 << 34.0 << 18.0;
    // GS_node(#triangles) = C(33, 2) = 528.
    QTest::newRow("triangles, node-level") << "triangles"
                                           << "node" << 5 << 1.0 << 528.0 << 0.0;
}

void TestGraphReleases::releaseShowsCoreNoiseScales() {
    QFETCH(QString, statistic);
    QFETCH(QString, privacy);
    QFETCH(int, k);
    QFETCH(double, epsilon);
    QFETCH(double, globalScale);
    QFETCH(double, restrictedScale);
    QVERIFY(openKarate());
    m_view->tabs()->setCurrentWidget(m_view->releasePanel());
    ReleasePanel* panel = m_view->releasePanel();
    if (statistic.startsWith("profile:")) {
        choose(panel->findChild<QComboBox*>(QStringLiteral("releaseStatistic")), QStringLiteral("profile:"));
        auto* spec = panel->findChild<QLineEdit*>(QStringLiteral("releaseProfile"));
        QVERIFY(spec->isEnabled());
        spec->setText(statistic.mid(8));
        Q_EMIT spec->editingFinished();
    } else {
        choose(panel->findChild<QComboBox*>(QStringLiteral("releaseStatistic")), statistic);
    }
    QCOMPARE(m_view->parameters()->statistic(), statistic);
    choose(panel->findChild<QComboBox*>(QStringLiteral("releasePrivacy")), privacy);
    panel->findChild<QSlider*>(QStringLiteral("releaseEpsilon"))->setValue(ReleasePanel::sliderPosition(epsilon));
    m_view->kSlider()->setValue(k);
    panel->findChild<QCheckBox*>(QStringLiteral("releaseSeeded"))->setChecked(true);
    QCOMPARE(m_view->parameters()->epsilon(), epsilon);
    QSignalSpy done(panel->job(), &CoreJob::succeeded);
    panel->findChild<QPushButton*>(QStringLiteral("releaseRun"))->click();
    QVERIFY(done.wait(kTimeoutMs) || done.count() == 1);

    ReleaseModel* model = panel->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Core on the same request with the same demo seed gives the same rows.
    const graph::Graph g = loadKarate();
    graph::ReleaseRequest request;
    request.statistic = *graph::parseStatistic(statistic.toStdString(), g);
    request.privacy = privacy == "node" ? graph::Privacy::Node : graph::Privacy::Edge;
    request.k = std::size_t(k);
    request.epsilon = epsilon;
    request.delta = 1e-6;
    const auto methods = ReleasePanel::methodsFor(request.privacy, statistic);
    dp::ReleaseGate gate = dp::ReleaseGate::teaching(ReleasePanel::kDemoSeed);
    const auto expected = graph::compareReleases(gate, g, request, methods, RunContext{});
    const int methodCount = int(expected.size());
    QCOMPARE(model->columnCount(), methodCount + 1);
    for (int m = 0; m < methodCount; ++m) {
        QVERIFY2(expected[std::size_t(m)].isOk(), expected[std::size_t(m)].status().message().c_str());
        const auto& e = *expected[std::size_t(m)];
        QCOMPARE(model->cell(m, ReleaseModel::ScaleRow).data(ReleaseModel::NumberRole).toDouble(), e.noiseScale);
        QCOMPARE(model->cell(m, ReleaseModel::ReleasedRow).data(ReleaseModel::NumberRole).toDouble(),
                 e.releases.front());
        QCOMPARE(model->cell(m, ReleaseModel::TrueRow).data(ReleaseModel::NumberRole).toDouble(), e.trueValue);
        QVERIFY(model->cell(m, ReleaseModel::GuaranteeRow).data().toString().contains("seeded - not for release"));
        QCOMPARE(model->headerData(m + 1, Qt::Horizontal).toString(),
                 ReleasePanel::methodTitle(methods[std::size_t(m)]));
    }
    QVERIFY(sameScale(model->cell(0, ReleaseModel::ScaleRow).data(ReleaseModel::NumberRole).toDouble(), globalScale));
    if (restrictedScale > 0)
        QVERIFY(
            sameScale(model->cell(methodCount - 1, ReleaseModel::ScaleRow).data(ReleaseModel::NumberRole).toDouble(),
                      restrictedScale));
    QVERIFY(panel->findChild<QLabel*>(QStringLiteral("seededBanner"))->isVisibleTo(panel));
}

// Release mode (the default): Compare is a release per method, each charged to the ledger before it
// is computed; the true and projected values never reach the window; Release… bundles one of them
// without charging again.
void TestGraphReleases::releaseModeChargesEachMethodAndHidesTruth() {
    QTemporaryDir dir;
    m_env->session.setTeaching(false);
    QVERIFY(m_env->session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    QVERIFY(openKarate());
    ReleasePanel* panel = m_view->releasePanel();
    choose(panel->findChild<QComboBox*>(QStringLiteral("releaseStatistic")), QStringLiteral("triangles"));
    QSignalSpy done(panel->job(), &CoreJob::succeeded);
    panel->findChild<QPushButton*>(QStringLiteral("releaseRun"))->click();
    QVERIFY(done.wait(kTimeoutMs) || done.count() == 1);
    ReleaseModel* model = panel->model();
    QCOMPARE(model->columnCount(), 4);  // laplace, noisy max degree, restricted
    const auto spent = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("karate.edges"); });
    QVERIFY(spent.isOk());
    // edge-laplace eps 1, noisy-max-degree 2 eps and delta 1e-6, restricted eps 1.
    QCOMPARE(spent->epsilon, 4.0);
    QCOMPARE(spent->delta, 1e-6);
    for (int m = 0; m < 3; ++m) {
        for (auto row : {ReleaseModel::TrueRow, ReleaseModel::ProjectedRow, ReleaseModel::ErrorRow})
            QCOMPARE(model->cell(m, row).data().toString(), ReleaseModel::hiddenMark());
        QVERIFY(std::isfinite(model->cell(m, ReleaseModel::ReleasedRow).data(ReleaseModel::NumberRole).toDouble()));
        QVERIFY(model->entries()[std::size_t(m)].result->receipt.isPrivate);
    }
    // The noisy max degree's scale is built from the data: hidden as well.
    QCOMPARE(model->cell(1, ReleaseModel::ScaleRow).data().toString(), ReleaseModel::hiddenMark());
    QVERIFY(sameScale(model->cell(0, ReleaseModel::ScaleRow).data(ReleaseModel::NumberRole).toDouble(), 32.0));
    QVERIFY(panel->releaseTo(dir.filePath(QStringLiteral("bundle"))));
    const auto after = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("karate.edges"); });
    QCOMPARE(after->epsilon, 4.0);  // bundling spends nothing more
    // The degree sequence in release mode: charged, no truth, no true curve on the chart.
    DegreePanel* degrees = m_view->degreePanel();
    QSignalSpy released(degrees->job(), &CoreJob::succeeded);
    degrees->release();
    QVERIFY(released.wait(kTimeoutMs) || released.count() == 1);
    QVERIFY(degrees->result()->trueSorted.empty());
    QCOMPARE(degrees->chartView()->chart()->series().size(), 2);
    const auto total = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("karate.edges"); });
    QCOMPARE(total->epsilon, 5.0);
}

// Every method refused (budget 0.5 < ε = 1 each): the status bar must not say "Released".
void TestGraphReleases::refusedReleaseIsNotCalledReleased() {
    QTemporaryDir dir;
    m_env->session.setTeaching(false);
    QVERIFY(m_env->session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    QVERIFY(m_env->session.setBudget("karate.edges", {0.5, 0.0}).isOk());
    QVERIFY(openKarate());
    ReleasePanel* panel = m_view->releasePanel();
    choose(panel->findChild<QComboBox*>(QStringLiteral("releaseStatistic")), QStringLiteral("triangles"));
    QSignalSpy messages(&m_env->jobs, &JobMonitor::statusMessage);
    QSignalSpy done(panel->job(), &CoreJob::finished);
    panel->findChild<QPushButton*>(QStringLiteral("releaseRun"))->click();
    QVERIFY(done.wait(kTimeoutMs) || done.count() == 1);
    QVERIFY(!messages.isEmpty());
    const QString last = messages.last().at(0).toString();
    QVERIFY2(!last.startsWith(QStringLiteral("Released")) && last.contains(QStringLiteral("refused")),
             qPrintable(last));
}

// An edge list alone gives only the nodes that have an edge: in release mode both panels refuse
// before anything is charged, naming the missing declaration; with the labels file they release.
void TestGraphReleases::releaseNeedsTheDeclaredNodes() {
    QTemporaryDir dir;
    m_env->session.setTeaching(false);
    QVERIFY(m_env->session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    QSignalSpy opened(m_view.get(), &GraphView::graphOpened);
    m_view->openGraph(kKarate, QString());
    QVERIFY(opened.wait(kTimeoutMs) || opened.count() == 1);
    QTRY_VERIFY_WITH_TIMEOUT(!m_env->jobs.isBusy(), kTimeoutMs);
    ReleasePanel* panel = m_view->releasePanel();
    panel->findChild<QPushButton*>(QStringLiteral("releaseRun"))->click();
    const QString note = panel->findChild<QLabel*>(QStringLiteral("releaseNote"))->text();
    QVERIFY2(note.startsWith(QStringLiteral("Not released")) && note.contains(QStringLiteral("nodes")),
             qPrintable(note));
    DegreePanel* degrees = m_view->degreePanel();
    degrees->release();
    const QString summary = degrees->findChild<QLabel*>(QStringLiteral("degreeSummary"))->text();
    QVERIFY2(summary.startsWith(QStringLiteral("Not released")), qPrintable(summary));
    QVERIFY(!degrees->result());
    const auto spent = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("karate.edges"); });
    QVERIFY(spent.isOk());
    QCOMPARE(spent->epsilon, 0.0);
    QVERIFY(openKarate());  // with karate.labels, which lists every node
    QSignalSpy released(degrees->job(), &CoreJob::succeeded);
    degrees->release();
    QVERIFY(released.wait(kTimeoutMs) || released.count() == 1);
    const auto after = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("karate.edges"); });
    QVERIFY(after->epsilon > 0.0);
}

// A typed ε beside the slider (with a message, not a silent reset); results computed with other
// settings are marked outdated and cannot be bundled.
void TestGraphReleases::typedEpsilonAndOutdatedResults() {
    QTemporaryDir dir;
    m_env->session.setTeaching(false);
    QVERIFY(m_env->session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    QVERIFY(openKarate());
    ReleasePanel* panel = m_view->releasePanel();
    auto* typed = panel->findChild<QLineEdit*>(QStringLiteral("epsilon-input"));
    auto* message = panel->findChild<QLabel*>(QStringLiteral("epsilon-message"));
    QVERIFY(typed && message);
    const double before = m_view->parameters()->epsilon();
    typed->setText(QStringLiteral("-1"));
    Q_EMIT typed->editingFinished();
    QCOMPARE(m_view->parameters()->epsilon(), before);
    QVERIFY2(message->text().contains(QStringLiteral("greater than 0")), qPrintable(message->text()));
    typed->setText(QStringLiteral("0.25"));
    Q_EMIT typed->editingFinished();
    QCOMPARE(m_view->parameters()->epsilon(), 0.25);
    choose(panel->findChild<QComboBox*>(QStringLiteral("releaseStatistic")), QStringLiteral("edges"));
    QSignalSpy done(panel->job(), &CoreJob::succeeded);
    panel->findChild<QPushButton*>(QStringLiteral("releaseRun"))->click();
    QVERIFY(done.wait(kTimeoutMs) || done.count() == 1);
    auto* bundle = panel->findChild<QPushButton*>(QStringLiteral("releaseBundle"));
    QVERIFY(bundle->isEnabled());
    typed->setText(QStringLiteral("0.5"));
    Q_EMIT typed->editingFinished();
    QVERIFY(!bundle->isEnabled());
    QVERIFY(!panel->releaseTo(dir.filePath(QStringLiteral("stale"))));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("stale"))));
}

QTEST_MAIN(TestGraphReleases)
#include "tst_graph_releases.moc"
