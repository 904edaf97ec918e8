#include "views/anonymization/anonymization_job.h"

#include "veil/common/run_context.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {
namespace {

constexpr int kProgressScale = 1000;

class PromiseSink final : public ProgressSink {
public:
    PromiseSink(QPromise<AnonymizationOutcome>& promise, CancelToken& cancel) : m_promise(promise), m_cancel(cancel) {}
    void report(double fraction, std::string_view message) override {
        if (m_promise.isCanceled()) m_cancel.cancel();
        m_promise.setProgressValueAndText(int(fraction * kProgressScale),
                                          QString::fromUtf8(message.data(), qsizetype(message.size())));
    }

private:
    QPromise<AnonymizationOutcome>& m_promise;
    CancelToken& m_cancel;
};

void runInWorker(QPromise<AnonymizationOutcome>& promise, Table table, QString path,
                 anonymity::AnonymizationConfig config, std::shared_ptr<CancelToken> cancel) {
    promise.setProgressRange(0, kProgressScale);
    PromiseSink sink(promise, *cancel);
    RunContext ctx;
    ctx.progress = &sink;
    ctx.cancel = cancel.get();
    AnonymizationOutcome outcome{Status::ok(), nullptr};
    if (cancel->isCancelled()) {
        outcome.status = Status::cancelled();
    } else {
        auto result = anonymity::anonymize(table, config, ctx);
        if (result.isOk()) {
            auto run = std::make_shared<AnonymizationRun>();
            run->input = std::move(table);
            run->inputPath = std::move(path);
            run->config = std::move(config);
            run->result = std::move(result).value();
            outcome.run = std::move(run);
        } else {
            outcome.status = result.status();
        }
    }
    promise.addResult(std::move(outcome));
}

}  // namespace

AnonymizationJob::AnonymizationJob(QObject* parent) : QObject(parent) {}

AnonymizationJob::~AnonymizationJob() {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        m_watcher->waitForFinished();
    }
}

void AnonymizationJob::start(const Table& table, const QString& inputPath,
                             const anonymity::AnonymizationConfig& config) {
    if (m_watcher) {
        m_cancel->cancel();
        m_watcher->disconnect(this);
        connect(m_watcher, &QFutureWatcherBase::finished, m_watcher, &QObject::deleteLater);
        m_watcher = nullptr;
    }
    m_cancel = std::make_shared<CancelToken>();
    m_cancelRequested = false;
    auto* watcher = new QFutureWatcher<AnonymizationOutcome>(this);
    m_watcher = watcher;
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, watcher](int value) {
        emit progressChanged(double(value) / kProgressScale, watcher->progressText());
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { onFinished(watcher); });
    watcher->setFuture(QtConcurrent::run(runInWorker, table, inputPath, config, m_cancel));
}

void AnonymizationJob::cancel() {
    if (!m_watcher) return;
    m_cancelRequested = true;
    m_cancel->cancel();
}

void AnonymizationJob::onFinished(QFutureWatcher<AnonymizationOutcome>* watcher) {
    watcher->deleteLater();
    if (watcher != m_watcher) return;
    m_watcher = nullptr;
    const QFuture<AnonymizationOutcome> future = watcher->future();
    if (future.resultCount() == 0) {
        emit failed(tr("the anonymization stopped without a result"));
    } else {
        AnonymizationOutcome outcome = future.result();
        if (m_cancelRequested || outcome.status.code() == StatusCode::Cancelled)
            emit cancelled();
        else if (!outcome.run)
            emit failed(QString::fromStdString(outcome.status.message()));
        else
            emit succeeded(outcome.run);
    }
    emit finished();
}

}  // namespace veil::ui
