#include "jobs/table_loader.h"

#include "jobs/worker_pool.h"
#include "jobs/source_names.h"
#include "workbench/local_path.h"
#include "veil/common/run_context.h"
#include "veil/table/table_source.h"

#include <QFile>
#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {
namespace {

constexpr int kProgressScale = 1000;

// Forwards core progress to the promise; a cancelled future also fires the core's token.
class PromiseProgressSink final : public ProgressSink {
public:
    PromiseProgressSink(QPromise<LoadOutcome>& promise, CancelToken& cancel) : m_promise(promise), m_cancel(cancel) {}
    void report(double fraction, std::string_view message) override {
        if (m_promise.isCanceled()) m_cancel.cancel();
        m_promise.setProgressValueAndText(int(fraction * kProgressScale),
                                          QString::fromUtf8(message.data(), qsizetype(message.size())));
    }

private:
    QPromise<LoadOutcome>& m_promise;
    CancelToken& m_cancel;
};

void loadInWorker(QPromise<LoadOutcome>& promise, QString path, CsvReadOptions options,
                  std::shared_ptr<CancelToken> cancel) {
    promise.setProgressRange(0, kProgressScale);
    PromiseProgressSink sink(promise, *cancel);
    RunContext ctx;
    ctx.progress = &sink;
    ctx.cancel = cancel.get();
    LoadOutcome outcome{path, Status::ok(), std::nullopt};
    if (cancel->isCancelled()) {
        outcome.status = Status::cancelled();
    } else {
        auto result = readTable(localPath(path), options, ctx);  // CSV, .xlsx/.ods or a database URI
        if (result.isOk())
            outcome.result = std::move(result).value();
        else
            outcome.status = result.status();
    }
    promise.addResult(std::move(outcome));
}

}  // namespace

TableLoader::TableLoader(QObject* parent) : QObject(parent) {}

TableLoader::~TableLoader() {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        m_watcher->waitForFinished();
    }
}

void TableLoader::start(const QString& path, const CsvReadOptions& options) {
    if (m_watcher) {
        // Drop the running load: its watcher finishes on its own and deletes itself.
        m_cancel->cancel();
        m_watcher->disconnect(this);
        connect(m_watcher, &QFutureWatcherBase::finished, m_watcher, &QObject::deleteLater);
        m_watcher = nullptr;
    }
    m_path = path;
    m_cancel = std::make_shared<CancelToken>();
    m_cancelRequested = false;
    m_timer.start();

    auto* watcher = new QFutureWatcher<LoadOutcome>(this);
    m_watcher = watcher;
    // Connect before setFuture so that no signal is missed.
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, watcher](int value) {
        Q_EMIT progressChanged(double(value) / kProgressScale, watcher->progressText());
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { onFinished(watcher); });
    Q_EMIT started(path);
    watcher->setFuture(QtConcurrent::run(workerPool(), loadInWorker, path, options, m_cancel));
}

void TableLoader::cancel() {
    if (!m_watcher) return;
    m_cancelRequested = true;
    m_cancel->cancel();
}

void TableLoader::onFinished(QFutureWatcher<LoadOutcome>* watcher) {
    watcher->deleteLater();
    if (watcher != m_watcher) return;
    m_watcher = nullptr;
    const QString path = m_path;
    const qint64 elapsed = m_timer.elapsed();
    const QFuture<LoadOutcome> future = watcher->future();
    if (future.resultCount() == 0) {
        Q_EMIT failed(path, tr("%1: the loader stopped without a result").arg(redactedSource(path)));
    } else {
        LoadOutcome outcome = future.result();
        // A cancel that came too late to stop the reader still wins: the user asked to keep
        // the previous table.
        if (m_cancelRequested || outcome.status.code() == StatusCode::Cancelled)
            Q_EMIT cancelled(path);
        else if (!outcome.result)
            Q_EMIT failed(path, QString::fromStdString(outcome.status.message()));
        else
            Q_EMIT loaded(path, *outcome.result, elapsed);
    }
    Q_EMIT finished();
}

}  // namespace veil::ui
