// Shared by the Anonymize view suites: the adult sample with five quasi-identifiers and
// occupation as the sensitive attribute, a run of the view that waits for its result, and the
// view on a fresh document holding that sample for each test (ViewSuite).
#pragma once

#include "document/document.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"
#include "workbench/job_monitor.h"
#include "workbench/workbench_context.h"

#include "veil/table/csv_reader.h"

#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <memory>

namespace adult_fixture {

inline const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
constexpr int kRunTimeoutMs = 120000;
inline const char* const kQis[] = {"sex", "age", "race", "marital-status", "education"};

// The sample with its roles set; an empty table (and a test failure) when it cannot be read.
inline veil::Table adultWithRoles() {
    auto read = veil::readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    if (!read) {
        QTest::qFail(read.status().message().c_str(), __FILE__, __LINE__);
        return {};
    }
    veil::Table t = read->table;
    for (const char* name : kQis) t = t.withRole(*t.columnIndex(name), veil::AttributeRole::QuasiIdentifier);
    return t.withRole(*t.columnIndex("occupation"), veil::AttributeRole::Sensitive);
}

// Clicks Run and waits for the run to finish (true when it did).
inline bool runAndWait(veil::ui::AnonymizationView& view) {
    QSignalSpy done(view.state(), &veil::ui::AnonymizationState::runChanged);
    QTest::mouseClick(view.runButton(), Qt::LeftButton);
    return done.wait(kRunTimeoutMs) || done.count() == 1;
}

// A suite's base: each test gets the view (1280 x 760) on a new document holding m_adult (read
// once by the suite's initTestCase), without a release session; cleanup destroys them in reverse.
class ViewSuite : public QObject {
protected:
    void setUpView() {
        m_document = std::make_unique<veil::ui::Document>();
        m_jobs = std::make_unique<veil::ui::JobMonitor>();
        m_context = veil::ui::WorkbenchContext{m_document.get(), m_jobs.get(), nullptr};
        m_view = std::make_unique<veil::ui::AnonymizationView>(m_context);
        m_view->resize(1280, 760);
        m_document->reset(m_adult, kAdult);
    }
    void tearDownView() {
        m_view.reset();
        m_jobs.reset();
        m_document.reset();
    }

    veil::Table m_adult;
    std::unique_ptr<veil::ui::Document> m_document;
    std::unique_ptr<veil::ui::JobMonitor> m_jobs;
    veil::ui::WorkbenchContext m_context;
    std::unique_ptr<veil::ui::AnonymizationView> m_view;
};

}  // namespace adult_fixture
