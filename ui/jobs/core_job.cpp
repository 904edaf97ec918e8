#include "jobs/core_job.h"

#include "jobs/worker_pool.h"
#include "workbench/job_monitor.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {
namespace {

constexpr int kProgressScale = 1000;

class PromiseProgressSink final : public ProgressSink {
public:
    PromiseProgressSink(QPromise<CoreJobOutcome>& promise, CancelToken& cancel)
        : m_promise(promise), m_cancel(cancel) {}
    void report(double fraction, std::string_view message) override {
        if (m_promise.isCanceled()) m_cancel.cancel();
        m_promise.setProgressValueAndText(int(fraction * kProgressScale),
                                          QString::fromUtf8(message.data(), qsizetype(message.size())));
    }

private:
    QPromise<CoreJobOutcome>& m_promise;
    CancelToken& m_cancel;
};

void runInWorker(QPromise<CoreJobOutcome>& promise, CoreJob::Work work, std::shared_ptr<CancelToken> cancel) {
    promise.setProgressRange(0, kProgressScale);
    PromiseProgressSink sink(promise, *cancel);
    RunContext ctx;
    ctx.progress = &sink;
    ctx.cancel = cancel.get();
    CoreJobOutcome outcome;
    if (cancel->isCancelled())
        outcome.status = Status::cancelled();
    else
        outcome = work(ctx);
    promise.addResult(std::move(outcome));
}

}  // namespace

CoreJob::CoreJob(JobMonitor* monitor, QObject* parent) : QObject(parent), m_monitor(monitor) {}

CoreJob::~CoreJob() {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        m_watcher->waitForFinished();
        if (m_monitor && m_monitor->label() == m_label) m_monitor->end();
    }
}

void CoreJob::start(const QString& label, Work work) {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        connect(m_watcher, &QFutureWatcherBase::finished, m_watcher, &QObject::deleteLater);
        m_watcher = nullptr;
    }
    m_label = label;
    m_cancel = std::make_shared<CancelToken>();
    m_cancelRequested = false;
    auto* watcher = new QFutureWatcher<CoreJobOutcome>(this);
    m_watcher = watcher;
    // Connect before setFuture so that no signal is missed.
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, watcher](int value) {
        const double fraction = double(value) / kProgressScale;
        if (m_monitor) m_monitor->progress(fraction, watcher->progressText());
        Q_EMIT progressChanged(fraction, watcher->progressText());
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { onFinished(watcher); });
    if (m_monitor) m_monitor->begin(label, [this] { cancel(); });
    watcher->setFuture(QtConcurrent::run(workerPool(), runInWorker, std::move(work), m_cancel));
}

void CoreJob::cancel() {
    if (!m_watcher) return;
    m_cancelRequested = true;
    m_cancel->cancel();
}

void CoreJob::onFinished(QFutureWatcher<CoreJobOutcome>* watcher) {
    watcher->deleteLater();
    if (watcher != m_watcher) return;
    m_watcher = nullptr;
    const QFuture<CoreJobOutcome> future = watcher->future();
    CoreJobOutcome outcome;
    if (future.resultCount() == 0)
        outcome.status = Status::internal("the job stopped without a result");
    else
        outcome = future.result();
    // Another job may have taken the status bar since this one began: then leave it to that job.
    auto end = [this](const QString& message) {
        if (m_monitor && m_monitor->label() == m_label) m_monitor->end(message);
    };
    if (m_cancelRequested || outcome.status.code() == StatusCode::Cancelled) {
        end(tr("%1: cancelled").arg(m_label));
        Q_EMIT cancelled();
    } else if (!outcome.status.isOk()) {
        const QString message = QString::fromStdString(outcome.status.message());
        end(tr("%1 failed: %2").arg(m_label, message));
        Q_EMIT failed(message);
    } else {
        // End before applying: applying may start the next job (a layout after a load).
        end(outcome.message.isEmpty() ? tr("%1: done").arg(m_label) : outcome.message);
        if (outcome.apply) outcome.apply();
        Q_EMIT succeeded();
    }
    Q_EMIT finished();
}

}  // namespace veil::ui
