#include "views/anonymization/anonymization_job.h"

#include "jobs/core_job.h"

namespace veil::ui {

AnonymizationJob::AnonymizationJob(QObject* parent) : QObject(parent), m_job(new CoreJob(nullptr, this)) {
    connect(m_job, &CoreJob::progressChanged, this, &AnonymizationJob::progressChanged);
    connect(m_job, &CoreJob::failed, this, &AnonymizationJob::failed);
    connect(m_job, &CoreJob::cancelled, this, &AnonymizationJob::cancelled);
    connect(m_job, &CoreJob::finished, this, &AnonymizationJob::finished);
}

AnonymizationJob::~AnonymizationJob() = default;

bool AnonymizationJob::isRunning() const { return m_job->isRunning(); }

void AnonymizationJob::cancel() { m_job->cancel(); }

void AnonymizationJob::start(const Table& table, const QString& inputPath,
                             const anonymity::AnonymizationConfig& config) {
    m_job->start(tr("Anonymizing"), [this, table, inputPath, config](const RunContext& ctx) {
        CoreJobOutcome outcome;
        auto result = anonymity::anonymize(table, config, ctx);
        if (!result.isOk()) {
            outcome.status = result.status();
            return outcome;
        }
        auto run = std::make_shared<AnonymizationRun>();
        run->input = table;
        run->inputPath = inputPath;
        run->config = config;
        run->result = std::move(result).value();
        std::shared_ptr<const AnonymizationRun> done = std::move(run);
        outcome.apply = [this, done] { Q_EMIT succeeded(done); };
        return outcome;
    });
}

}  // namespace veil::ui
