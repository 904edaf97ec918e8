// SweepJob: runs an experiment (veil::eval::runExperiment) off the UI thread through a CoreJob
// (promise-mode QtConcurrent::run, progress, cancel). The result arrives on the GUI thread; a
// cancelled run emits cancelled() and delivers nothing, so the view keeps its previous results.
#pragma once

#include "veil/eval/sweep.h"

#include <QObject>

#include <memory>

namespace veil::ui {

class CoreJob;

class SweepJob final : public QObject {
    Q_OBJECT

public:
    explicit SweepJob(QObject* parent = nullptr);
    ~SweepJob() override;

    // Starts a sweep; a running one is dropped. threads 0 = all cores. `teaching`: the window is in
    // teaching mode (core refuses a differential sweep otherwise).
    void start(const eval::Experiment& experiment, int threads, bool teaching);
    bool isRunning() const;

public Q_SLOTS:
    void cancel();

Q_SIGNALS:
    void progressChanged(double fraction, const QString& message);
    void succeeded(const std::shared_ptr<eval::SweepResult>& result);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    CoreJob* m_job;
};

}  // namespace veil::ui
