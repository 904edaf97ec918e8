// TableLoader: reads a CSV file or an .xlsx workbook (its first sheet) off the UI thread. The core
// reader runs in QtConcurrent::run in promise mode; its ProgressSink is forwarded to the QPromise
// and a QFutureWatcher (connected before setFuture) brings progress and the result back to the GUI
// thread. cancel() fires the core's CancelToken; a cancelled load never delivers a table, so the
// caller keeps what it had.
#pragma once

#include "veil/common/status.h"
#include "veil/table/csv_reader.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

template <typename T>
class QFutureWatcher;

namespace veil {
class CancelToken;
}

namespace veil::ui {

// What a load produced: a result, or the status saying why not.
struct LoadOutcome {
    QString path;
    Status status;
    std::optional<CsvReadResult> result;
};

class TableLoader final : public QObject {
    Q_OBJECT

public:
    explicit TableLoader(QObject* parent = nullptr);
    ~TableLoader() override;  // cancels and waits for a running load

    bool isRunning() const { return m_watcher != nullptr; }
    const QString& currentPath() const { return m_path; }

    // Starts reading `path`; a load already running is cancelled and its result dropped.
    void start(const QString& path, const CsvReadOptions& options = {});
    // Asks the running load to stop; `cancelled` follows.
    void cancel();

Q_SIGNALS:
    void started(const QString& path);
    void progressChanged(double fraction, const QString& message);
    void loaded(const QString& path, const veil::CsvReadResult& result, qint64 elapsedMs);
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);
    // After every loaded/failed/cancelled.
    void finished();

private:
    void onFinished(QFutureWatcher<LoadOutcome>* watcher);

    QFutureWatcher<LoadOutcome>* m_watcher = nullptr;
    std::shared_ptr<CancelToken> m_cancel;
    bool m_cancelRequested = false;
    QString m_path;
    QElapsedTimer m_timer;
};

}  // namespace veil::ui
