// CoreJob: runs one core call of a task view off the UI thread. The work function runs in
// promise-mode QtConcurrent::run with a RunContext whose ProgressSink forwards to the QPromise and
// whose CancelToken is fired by cancel(); it returns a closure that applies the result on the GUI
// thread. A cancelled run (even one that finished before the cancel reached it) never applies, so
// the view keeps what it showed. The job announces itself on the window's JobMonitor.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>

template <typename T>
class QFutureWatcher;

namespace veil::ui {

class JobMonitor;

struct CoreJobOutcome {
    Status status;
    std::function<void()> apply;  // run on the GUI thread when status is ok
    QString message;              // for the status bar
};

class CoreJob final : public QObject {
    Q_OBJECT

public:
    using Work = std::function<CoreJobOutcome(const RunContext&)>;

    CoreJob(JobMonitor* monitor, QObject* parent = nullptr);
    ~CoreJob() override;  // cancels and waits

    bool isRunning() const { return m_watcher != nullptr; }
    // Starts `work`; a run already going is cancelled and its result dropped.
    void start(const QString& label, Work work);
    void cancel();

Q_SIGNALS:
    void progressChanged(double fraction, const QString& message);
    void succeeded();
    void failed(const QString& message);
    void cancelled();
    void finished();  // after each of the three above

private:
    void onFinished(QFutureWatcher<CoreJobOutcome>* watcher);

    QPointer<JobMonitor> m_monitor;  // the window may delete it before its views
    QFutureWatcher<CoreJobOutcome>* m_watcher = nullptr;
    std::shared_ptr<CancelToken> m_cancel;
    bool m_cancelRequested = false;
    QString m_label;
};

}  // namespace veil::ui
