// The Mechanisms view on the adult sample, for the suites that drive it: a fresh view, document,
// job monitor and release session (a temporary ledger, release mode) per test, and helpers that
// run it and read what it shows and what it charged.
#pragma once

#include "ui_test_support.h"
#include "view_environment.h"
#include "document/document.h"
#include "jobs/core_job.h"
#include "panels/dp_parameters.h"
#include "panels/epsilon_slider.h"
#include "views/mechanisms/mechanism_result_panel.h"
#include "views/mechanisms/mechanisms_view.h"
#include "views/mechanisms/randomized_response_panel.h"
#include "panels/privacy_value_edit.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/dp/column_query.h"
#include "veil/table/csv_reader.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QBarSeries>
#include <QBarSet>
#include <QLineSeries>
#include <QPushButton>
#include <QTableWidget>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace veil;
using namespace veil::ui;

using ui_test::choose;
using ui_test::saveScreenshot;

inline const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
inline constexpr int kTimeoutMs = 120000;

class MechanismsViewFixture : public QObject {
protected:
    void loadAdult() {
        auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
        QVERIFY2(read.isOk(), read.status().message().c_str());
        m_adult = read->table;
        QVERIFY(m_dir.isValid());
    }

    void createView() {
        // Never the user's ledger: a fresh temporary file for each test, release mode.
        m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Release);
        QVERIFY(m_env->openLedger(m_dir.filePath(QStringLiteral("ledger-%1.sqlite").arg(++m_ledgers))));
        m_view = std::make_unique<MechanismsView>(m_env->context);
        m_view->resize(1600, 900);
        m_env->document.reset(m_adult, kAdult);
    }

    void destroyView() {
        m_view.reset();
        m_env.reset();
    }

    bool runAndWait() {
        QSignalSpy finished(m_view->job(), &CoreJob::finished);
        QSignalSpy shown(m_view.get(), &MechanismsView::resultsShown);
        m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
        if (!finished.wait(kTimeoutMs)) return false;
        return shown.count() == 1;
    }

    dp::ColumnQueryResult coreRun(dp::ReleaseGate& gate, dp::ColumnQuerySpec spec, int trials = 1) {
        spec.trials = trials;
        auto r = dp::releaseColumnQuery(gate, m_adult, "age", spec, RunContext{});
        if (!r) qFatal("core failed: %s", r.status().message().c_str());
        return *r;
    }

    dp::ReleaseGate teachingGate(std::uint64_t seed) { return dp::ReleaseGate::teaching(seed); }
    dp::PrivacySpend spent() {
        auto s = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("adult.csv"); });
        return s ? *s : dp::PrivacySpend{-1.0, -1.0};
    }
    int entries() {
        auto e = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
        return e ? int(e->size()) : -1;
    }
    double answer(int panel) {
        return m_view->panel(panel)->findChild<QLabel*>(QStringLiteral("answer"))->property("value").toDouble();
    }
    void set(const char* key, const QVariant& value) {
        pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QString::fromLatin1(key), value);
    }

    Table m_adult;
    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
    std::unique_ptr<MechanismsView> m_view;
    QTemporaryDir m_dir;
    int m_ledgers = 0;
};
