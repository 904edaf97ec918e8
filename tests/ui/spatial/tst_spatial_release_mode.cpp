// The Spatial view in its default mode, offscreen: a declared domain, a charge before every run,
// no truth anywhere, and refusals that leave the previous result in place.
#include "spatial_view_fixture.h"

using namespace spatial_view_test;

class TestSpatialReleaseMode : public QObject, private SpatialViewFixture {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { loadTable(); }
    void init() { openView(); }
    void cleanup() { closeView(); }
    void releaseModeNeedsDomainAndCharges();
    void releaseModeRefusalShowsNothingNew();
};

void TestSpatialReleaseMode::releaseModeNeedsDomainAndCharges() {
    m_env->session.setTeaching(false);
    QVERIFY(m_env->session.open(m_dir.filePath(QStringLiteral("spatial-ledger.sqlite"))).isOk());
    // Teaching-only controls are off, and no result of the other mode is kept.
    QVERIFY(!child<QCheckBox>(*m_view, "spatial-show-true")->isEnabled());
    QVERIFY(!child<QCheckBox>(*m_view, "spatial-auto-run")->isEnabled());
    QVERIFY(!m_view->errorChart()->isVisibleTo(m_view.get()));
    // Without a declared domain the release is refused: the bounding box would come from the data.
    QSignalSpy failed(m_view.get(), &SpatialView::runFailed);
    child<QPushButton>(*m_view, "spatial-run")->click();
    QVERIFY(failed.wait(kRunTimeoutMs));
    QVERIFY2(m_view->statusText().contains(QStringLiteral("domain")), qPrintable(m_view->statusText()));
    QVERIFY(!m_view->result());
    // Declared through the domain field: charged before the tree is built, released values only.
    auto* domain = child<QLineEdit>(*m_view, "spatial-domain");
    domain->setText(QStringLiteral("0, 0, 100, 100"));
    Q_EMIT domain->editingFinished();
    QVERIFY(m_view->parameters()->settings().domain.has_value());
    QVERIFY(runWith("quad", 3));
    const auto result = m_view->result();
    QVERIFY(result->receipt.isPrivate == false);  // seeded by runWith: reproducible, not private
    QVERIFY(result->receipt.ledgerEntry.has_value());
    QCOMPARE(result->psd->pointCount, std::size_t(0));  // the exact number of points is never sent
    for (auto leaf : result->psd->leaves) QCOMPARE(result->psd->nodes[std::size_t(leaf)].trueCount, 0.0);
    QCOMPARE(result->error.queries, std::size_t(0));  // no error against the truth
    QCOMPARE(m_view->leafModel()->columnCount(), 4);  // no true column
    // A range query in release mode: the private answer only (the points are not in the result).
    m_view->askRange(spatial::Rect{10, 50, 40, 80});
    QVERIFY(m_view->lastRangeAnswer().has_value());
    QCOMPARE(m_view->lastRangeAnswer()->trueCount, 0.0);
    QVERIFY2(!m_view->rangeText().contains(QStringLiteral("true")), qPrintable(m_view->rangeText()));
    auto spent = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("points.csv"); });
    QCOMPARE(spent->epsilon, 1.0);
    // The same numbers as core's for the same seed (the CLI's stream).
    const auto expected = coreBuild(m_table, result->settings, 0);
    QCOMPARE(result->psd->nodes[std::size_t(result->psd->leaves[0])].estimate,
             expected.nodes[std::size_t(expected.leaves[0])].estimate);
    // Release… bundles it without charging again.
    QVERIFY(m_view->releaseTo(m_dir.filePath(QStringLiteral("spatial-bundle"))));
    spent = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("points.csv"); });
    QCOMPARE(spent->epsilon, 1.0);
}

void TestSpatialReleaseMode::releaseModeRefusalShowsNothingNew() {
    m_env->session.setTeaching(false);
    QVERIFY(m_env->session.open(m_dir.filePath(QStringLiteral("spatial-refusal.sqlite"))).isOk());
    QVERIFY(m_env->session.setBudget("points.csv", {1.5, 0.0}).isOk());
    SpatialSettings s = m_view->parameters()->settings();
    s.domain = spatial::Rect{0, 0, 100, 100};
    m_view->parameters()->edit(s, QStringLiteral("domain"));
    QVERIFY(runWith("quad", 3));
    const auto first = m_view->result();
    // The second run would spend 2 of a 1.5 budget: refused before anything is computed.
    QSignalSpy failed(m_view.get(), &SpatialView::runFailed);
    QSignalSpy done(m_view.get(), &SpatialView::resultChanged);
    m_view->run(true);
    QVERIFY(failed.wait(kRunTimeoutMs));
    QCOMPARE(done.count(), 0);
    QVERIFY(m_view->result() == first);
    QVERIFY2(m_view->statusText().contains(QStringLiteral("budget")), qPrintable(m_view->statusText()));
    auto spent = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("points.csv"); });
    QCOMPARE(spent->epsilon, 1.0);
}

QTEST_MAIN(TestSpatialReleaseMode)
#include "tst_spatial_release_mode.moc"
