// AnonymizationJob: runs veil::anonymity::anonymize() off the UI thread (promise-mode
// QtConcurrent::run, QFutureWatcher connected before setFuture, a RunContext whose progress goes
// to the promise and whose CancelToken is fired by cancel()). A cancelled run never delivers a
// result, so the view keeps the previous one.
#pragma once

#include "views/anonymization/anonymization_state.h"

#include <QObject>
#include <QString>

#include <memory>

template <typename T>
class QFutureWatcher;

namespace veil {
class CancelToken;
}

namespace veil::ui {

struct AnonymizationOutcome {
    Status status;
    std::shared_ptr<const AnonymizationRun> run;
};

class AnonymizationJob final : public QObject {
    Q_OBJECT

public:
    explicit AnonymizationJob(QObject* parent = nullptr);
    ~AnonymizationJob() override;  // cancels and waits

    bool isRunning() const { return m_watcher != nullptr; }
    // Starts a run; one already running is cancelled and its result dropped.
    void start(const Table& table, const QString& inputPath, const anonymity::AnonymizationConfig& config);
    void cancel();

signals:
    void progressChanged(double fraction, const QString& message);
    void succeeded(std::shared_ptr<const veil::ui::AnonymizationRun> run);
    void failed(const QString& message);
    void cancelled();
    void finished();  // after each succeeded/failed/cancelled

private:
    void onFinished(QFutureWatcher<AnonymizationOutcome>* watcher);

    QFutureWatcher<AnonymizationOutcome>* m_watcher = nullptr;
    std::shared_ptr<CancelToken> m_cancel;
    bool m_cancelRequested = false;
};

}  // namespace veil::ui
