// SweepJob: runs an experiment (veil::eval::runExperiment) off the UI thread - promise-mode
// QtConcurrent::run, a RunContext whose ProgressSink forwards to the promise and whose
// CancelToken is fired by cancel(). The result arrives on the GUI thread; a cancelled run emits
// cancelled() and delivers nothing, so the view keeps its previous results.
#pragma once

#include "veil/common/run_context.h"
#include "veil/eval/sweep.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace veil::ui {

struct SweepOutcome {
    Status status = Status::ok();
    std::shared_ptr<eval::SweepResult> result;
};

class SweepJob final : public QObject {
    Q_OBJECT

public:
    explicit SweepJob(QObject* parent = nullptr);
    ~SweepJob() override;

    // Starts a sweep; a running one is dropped. threads 0 = all cores.
    void start(const eval::Experiment& experiment, int threads = 0);
    bool isRunning() const { return m_watcher != nullptr; }

public slots:
    void cancel();

signals:
    void progressChanged(double fraction, const QString& message);
    void succeeded(const std::shared_ptr<eval::SweepResult>& result);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    void onFinished(QFutureWatcher<SweepOutcome>* watcher);

    QFutureWatcher<SweepOutcome>* m_watcher = nullptr;
    std::shared_ptr<CancelToken> m_cancel;
    bool m_cancelRequested = false;
};

}  // namespace veil::ui
