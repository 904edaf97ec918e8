#include "views/experiments/sweep_job.h"

#include "jobs/core_job.h"

namespace veil::ui {

SweepJob::SweepJob(QObject* parent) : QObject(parent), m_job(new CoreJob(nullptr, this)) {
    connect(m_job, &CoreJob::progressChanged, this, &SweepJob::progressChanged);
    connect(m_job, &CoreJob::failed, this, &SweepJob::failed);
    connect(m_job, &CoreJob::cancelled, this, &SweepJob::cancelled);
    connect(m_job, &CoreJob::finished, this, &SweepJob::finished);
}

SweepJob::~SweepJob() = default;

bool SweepJob::isRunning() const { return m_job->isRunning(); }

void SweepJob::cancel() { m_job->cancel(); }

void SweepJob::start(const eval::Experiment& experiment, int threads, bool teaching) {
    m_job->start(tr("Running the experiment"), [this, experiment, threads, teaching](const RunContext& ctx) {
        CoreJobOutcome outcome;
        eval::SweepOptions options;
        options.threads = threads;
        options.teaching = teaching;
        auto result = eval::runExperiment(experiment, options, ctx);
        if (!result.isOk()) {
            outcome.status = result.status();
            return outcome;
        }
        auto shared = std::make_shared<eval::SweepResult>(std::move(result).value());
        outcome.apply = [this, shared] { Q_EMIT succeeded(shared); };
        return outcome;
    });
}

}  // namespace veil::ui
