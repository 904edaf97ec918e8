#include "views/experiments/sweep_job.h"

#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {
namespace {

constexpr int kProgressScale = 1000;

// Forwards core progress (serialised by the sweep runner) to the promise.
class PromiseSink final : public ProgressSink {
public:
    PromiseSink(QPromise<SweepOutcome>& promise, CancelToken& cancel) : m_promise(promise), m_cancel(cancel) {}
    void report(double fraction, std::string_view message) override {
        if (m_promise.isCanceled()) m_cancel.cancel();
        m_promise.setProgressValueAndText(int(fraction * kProgressScale),
                                          QString::fromUtf8(message.data(), qsizetype(message.size())));
    }

private:
    QPromise<SweepOutcome>& m_promise;
    CancelToken& m_cancel;
};

void sweepInWorker(QPromise<SweepOutcome>& promise, eval::Experiment experiment, int threads,
                   std::shared_ptr<CancelToken> cancel) {
    promise.setProgressRange(0, kProgressScale);
    PromiseSink sink(promise, *cancel);
    RunContext ctx;
    ctx.progress = &sink;
    ctx.cancel = cancel.get();
    SweepOutcome outcome;
    if (cancel->isCancelled()) {
        outcome.status = Status::cancelled();
    } else {
        eval::SweepOptions options;
        options.threads = threads;
        auto result = eval::runExperiment(experiment, options, ctx);
        if (result.isOk())
            outcome.result = std::make_shared<eval::SweepResult>(std::move(result).value());
        else
            outcome.status = result.status();
    }
    promise.addResult(std::move(outcome));
}

}  // namespace

SweepJob::SweepJob(QObject* parent) : QObject(parent) {}

SweepJob::~SweepJob() {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        m_watcher->waitForFinished();
    }
}

void SweepJob::start(const eval::Experiment& experiment, int threads) {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        connect(m_watcher, &QFutureWatcherBase::finished, m_watcher, &QObject::deleteLater);
        m_watcher = nullptr;
    }
    m_cancel = std::make_shared<CancelToken>();
    m_cancelRequested = false;
    auto* watcher = new QFutureWatcher<SweepOutcome>(this);
    m_watcher = watcher;
    // Connect before setFuture so that no signal is missed.
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, watcher](int value) {
        emit progressChanged(double(value) / kProgressScale, watcher->progressText());
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { onFinished(watcher); });
    watcher->setFuture(QtConcurrent::run(sweepInWorker, experiment, threads, m_cancel));
}

void SweepJob::cancel() {
    if (!m_watcher) return;
    m_cancelRequested = true;
    m_cancel->cancel();
}

void SweepJob::onFinished(QFutureWatcher<SweepOutcome>* watcher) {
    watcher->deleteLater();
    if (watcher != m_watcher) return;
    m_watcher = nullptr;
    const QFuture<SweepOutcome> future = watcher->future();
    if (future.resultCount() == 0) {
        emit failed(tr("The sweep stopped without a result"));
    } else {
        SweepOutcome outcome = future.result();
        // A cancel that came too late to stop the runner still wins: keep the previous results.
        if (m_cancelRequested || outcome.status.code() == StatusCode::Cancelled)
            emit cancelled();
        else if (!outcome.result)
            emit failed(QString::fromStdString(outcome.status.message()));
        else
            emit succeeded(outcome.result);
    }
    emit finished();
}

}  // namespace veil::ui
