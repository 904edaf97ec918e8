#include "views/mechanisms/dp_job.h"

#include "workbench/job_monitor.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {
namespace {

constexpr int kProgressScale = 1000;

class PromiseProgressSink final : public ProgressSink {
public:
    PromiseProgressSink(QPromise<DpJobOutcome>& promise, CancelToken& cancel) : m_promise(promise), m_cancel(cancel) {}
    void report(double fraction, std::string_view message) override {
        if (m_promise.isCanceled()) m_cancel.cancel();
        m_promise.setProgressValueAndText(int(fraction * kProgressScale),
                                          QString::fromUtf8(message.data(), qsizetype(message.size())));
    }

private:
    QPromise<DpJobOutcome>& m_promise;
    CancelToken& m_cancel;
};

void runInWorker(QPromise<DpJobOutcome>& promise, DpJob::Work work, std::shared_ptr<CancelToken> cancel) {
    promise.setProgressRange(0, kProgressScale);
    PromiseProgressSink sink(promise, *cancel);
    RunContext ctx;
    ctx.progress = &sink;
    ctx.cancel = cancel.get();
    DpJobOutcome outcome;
    if (cancel->isCancelled())
        outcome.status = Status::cancelled();
    else
        outcome = work(ctx);
    promise.addResult(std::move(outcome));
}

}  // namespace

DpJob::DpJob(JobMonitor* monitor, QObject* parent) : QObject(parent), m_monitor(monitor) {}

DpJob::~DpJob() {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        m_watcher->waitForFinished();
        if (m_monitor) m_monitor->end();
    }
}

void DpJob::start(const QString& label, Work work) {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        connect(m_watcher, &QFutureWatcherBase::finished, m_watcher, &QObject::deleteLater);
        m_watcher = nullptr;
    }
    m_label = label;
    m_cancel = std::make_shared<CancelToken>();
    m_cancelRequested = false;
    auto* watcher = new QFutureWatcher<DpJobOutcome>(this);
    m_watcher = watcher;
    // Connect before setFuture so that no signal is missed.
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, watcher](int value) {
        const double fraction = double(value) / kProgressScale;
        if (m_monitor) m_monitor->progress(fraction, watcher->progressText());
        emit progressChanged(fraction, watcher->progressText());
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { onFinished(watcher); });
    if (m_monitor) m_monitor->begin(label, [this] { cancel(); });
    watcher->setFuture(QtConcurrent::run(runInWorker, std::move(work), m_cancel));
}

void DpJob::cancel() {
    if (!m_watcher) return;
    m_cancelRequested = true;
    m_cancel->cancel();
}

void DpJob::onFinished(QFutureWatcher<DpJobOutcome>* watcher) {
    watcher->deleteLater();
    if (watcher != m_watcher) return;
    m_watcher = nullptr;
    const QFuture<DpJobOutcome> future = watcher->future();
    DpJobOutcome outcome;
    if (future.resultCount() == 0)
        outcome.status = Status::internal("the job stopped without a result");
    else
        outcome = future.result();
    if (m_cancelRequested || outcome.status.code() == StatusCode::Cancelled) {
        if (m_monitor) m_monitor->end(tr("%1: cancelled").arg(m_label));
        emit cancelled();
    } else if (!outcome.status.isOk()) {
        const QString message = QString::fromStdString(outcome.status.message());
        if (m_monitor) m_monitor->end(tr("%1 failed: %2").arg(m_label, message));
        emit failed(message);
    } else {
        if (outcome.apply) outcome.apply();
        if (m_monitor) m_monitor->end(outcome.message.isEmpty() ? tr("%1: done").arg(m_label) : outcome.message);
        emit succeeded();
    }
    emit finished();
}

}  // namespace veil::ui
