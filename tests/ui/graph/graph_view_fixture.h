// The Graph view on the karate club sample, for the suites that drive it: a fresh view, document,
// job monitor and teaching-mode release session per test (karate is public sample data, so most
// checks compare with the truth), and opening karate with its layout.
#pragma once

#include "ui_test_support.h"
#include "view_environment.h"
#include "charts/graph/degree_sequence_chart_builder.h"
#include "document/document.h"
#include "views/graph/degree_panel.h"
#include "views/graph/graph_canvas.h"
#include "jobs/core_job.h"
#include "views/graph/graph_parameters.h"
#include "views/graph/graph_view.h"
#include "views/graph/release_model.h"
#include "views/graph/release_panel.h"
#include "views/graph/sensitivity_model.h"
#include "views/graph/statistics_model.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/graph/graph_io.h"
#include "veil/graph/mechanisms.h"
#include "veil/graph/projection.h"
#include "veil/graph/statistic.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>
#include <QXYSeries>

#include <cmath>
#include <memory>

using namespace veil;
using namespace veil::ui;

using ui_test::choose;
using ui_test::saveScreenshot;

inline const QString kKarate = QStringLiteral(VEIL_SAMPLES_DIR "/karate.edges");
inline const QString kKarateLabels = QStringLiteral(VEIL_SAMPLES_DIR "/karate.labels");
inline constexpr int kTimeoutMs = 60000;

inline graph::Graph loadKarate() {
    auto loaded = graph::loadGraph(std::string(VEIL_SAMPLES_DIR "/karate.edges"));
    graph::Graph g = std::move(loaded->graph);
    (void)graph::loadLabels(std::string(VEIL_SAMPLES_DIR "/karate.labels"), g, nullptr);
    return g;
}

// Noise scales come from the snapped Laplace mechanism (Mironov 2012): the sensitivity is widened
// by a few ulps of the lattice, so a scale equals its formula to a relative 1e-9.
inline bool sameScale(double actual, double expected) { return std::abs(actual / expected - 1.0) < 1e-9; }

class GraphViewFixture : public QObject {
protected:
    void createView() {
        // Karate is public sample data: most of these tests compare with the truth (teaching mode).
        m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Teaching);
        m_view = std::make_unique<GraphView>(m_env->context);
        m_view->resize(1500, 950);
    }

    void destroyView() {
        m_view.reset();
        m_env.reset();
    }

    bool openKarate() {
        QSignalSpy opened(m_view.get(), &GraphView::graphOpened);
        QSignalSpy laidOut(m_view->layoutJob(), &CoreJob::finished);
        m_view->openGraph(kKarate, kKarateLabels);
        if (!(opened.wait(kTimeoutMs) || opened.count() == 1)) return false;
        if (!m_env->jobs.isBusy()) return false;  // the layout that follows the load shows in the status bar
        return (laidOut.wait(kTimeoutMs) || laidOut.count() == 1) && !m_env->jobs.isBusy();
    }

    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
    std::unique_ptr<GraphView> m_view;
};
