// Results the Anonymize view may no longer offer (issue 20): after a failed run, on a node of the
// lattice that is not anonymous, and for a node applied after a setting changed, Export and
// Release stay disabled until a run with the current settings succeeds.
#include "ui_test_support.h"
#include "adult_fixture.h"
#include "document/document.h"
#include "views/anonymization/anonymization_job.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"
#include "views/anonymization/hierarchy_editor.h"
#include "views/anonymization/models_panel.h"
#include "workbench/job_monitor.h"

#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace veil;
using namespace veil::ui;
using adult_fixture::kAdult;
using adult_fixture::kRunTimeoutMs;

class TestAnonymizationStale : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { m_adult = adult_fixture::adultWithRoles(); }
    void init() {
        m_document = std::make_unique<Document>();
        m_jobs = std::make_unique<JobMonitor>();
        m_context = WorkbenchContext{m_document.get(), m_jobs.get(), nullptr};
        m_view = std::make_unique<AnonymizationView>(m_context);
        m_document->reset(m_adult, kAdult);
    }
    void cleanup() {
        m_view.reset();
        m_jobs.reset();
        m_document.reset();
    }
    void failedRunDisablesExportAndRelease();
    void nonAnonymousNodeCannotBeExported();
    void latticeNodeAfterAnEditStaysOutdated();

private:
    bool runAndWait() { return adult_fixture::runAndWait(*m_view); }

    Table m_adult;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<JobMonitor> m_jobs;
    WorkbenchContext m_context;
    std::unique_ptr<AnonymizationView> m_view;
};

// Issue 20: k = 50000 on the adult sample finds nothing; Export and Release must not go on offering
// the previous (k = 5) result, and an edit of the settings already makes it outdated.
void TestAnonymizationStale::failedRunDisablesExportAndRelease() {
    auto* exportButton = m_view->findChild<QPushButton*>(QStringLiteral("anon-export"));
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    QVERIFY(exportButton->isEnabled() && m_view->releaseButton()->isEnabled());
    m_view->modelsPanel()->kSpin()->setValue(50000);
    QVERIFY(!exportButton->isEnabled() && !m_view->releaseButton()->isEnabled());
    QSignalSpy finished(m_view->job(), &AnonymizationJob::finished);
    QTest::mouseClick(m_view->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kRunTimeoutMs) || finished.count() == 1);
    QVERIFY(!exportButton->isEnabled());
    QVERIFY(!m_view->releaseButton()->isEnabled());
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("stale.csv"));
    QVERIFY(!m_view->exportRelease(csv));
    QVERIFY(!QFileInfo::exists(csv));
    QVERIFY2(m_view->statusLabel()->text().contains(QStringLiteral("Nothing to release")),
             qPrintable(m_view->statusLabel()->text()));
    // Back to k = 5 and run: usable again.
    m_view->modelsPanel()->kSpin()->setValue(5);
    QVERIFY(runAndWait());
    QVERIFY(exportButton->isEnabled() && m_view->releaseButton()->isEnabled());
}

void TestAnonymizationStale::nonAnonymousNodeCannotBeExported() {
    auto* exportButton = m_view->findChild<QPushButton*>(QStringLiteral("anon-export"));
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    // The bottom node (no generalization) is not 5-anonymous on adult.
    const std::vector<int> bottom(m_view->state()->searchLattice().maxLevels().size(), 0);
    QSignalSpy done(m_view->state(), &AnonymizationState::runChanged);
    m_view->applyTransformation(bottom);
    QVERIFY(done.wait(kRunTimeoutMs) || done.count() == 1);
    QVERIFY(!m_view->state()->run()->result.found);
    QVERIFY(!exportButton->isEnabled());
    QVERIFY(!m_view->releaseButton()->isEnabled());
    QTemporaryDir dir;
    QVERIFY(!m_view->exportRelease(dir.filePath(QStringLiteral("bottom.csv"))));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("bottom.csv"))));
}

// A lattice node applied after a setting changed is computed from the old run's settings: it must
// stay outdated (clicking a node used to clear the mark); undoing the edit does not bring it back.
void TestAnonymizationStale::latticeNodeAfterAnEditStaysOutdated() {
    auto* exportButton = m_view->findChild<QPushButton*>(QStringLiteral("anon-export"));
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    const std::vector<int> optimum = m_view->state()->run()->result.transformation;
    m_view->modelsPanel()->kSpin()->setValue(10);
    QVERIFY(!exportButton->isEnabled());
    QSignalSpy done(m_view->state(), &AnonymizationState::runChanged);
    m_view->applyTransformation(optimum);
    QVERIFY(done.wait(kRunTimeoutMs) || done.count() == 1);
    QVERIFY(m_view->state()->run()->result.found);
    QVERIFY(!exportButton->isEnabled());
    QVERIFY(!m_view->releaseButton()->isEnabled());
    QVERIFY(runAndWait());  // a run with the current settings is usable again
    QVERIFY(exportButton->isEnabled() && m_view->releaseButton()->isEnabled());
}

QTEST_MAIN(TestAnonymizationStale)
#include "tst_anonymization_stale.moc"
