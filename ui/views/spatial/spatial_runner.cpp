#include "views/spatial/spatial_runner.h"

#include "workbench/local_path.h"
#include "jobs/core_job.h"

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/spatial/density_shape.h"
#include "veil/spatial/psd_release.h"

#include <QFile>

#include <chrono>
#include <cmath>

namespace veil::ui {
namespace {

// Maps a sub-step's progress [0, 1] onto [from, to] of the caller's sink.
class SubRangeSink final : public ProgressSink {
public:
    SubRangeSink(const RunContext& outer, double from, double to) : m_outer(outer), m_from(from), m_to(to) {}
    void report(double fraction, std::string_view message) override {
        m_outer.report(m_from + (m_to - m_from) * fraction, message);
    }

private:
    const RunContext& m_outer;
    double m_from, m_to;
};

RunContext subContext(const RunContext& outer, ProgressSink& sink, RandomSource* random) {
    RunContext ctx;
    ctx.progress = &sink;
    ctx.cancel = outer.cancel;
    ctx.random = random;
    return ctx;
}

Result<spatial::PointSet> loadPoints(const SpatialRunRequest& request, const RunContext& ctx) {
    const SpatialSettings& s = request.settings;
    if (s.source == SpatialSource::Table) {
        if (s.xColumn.isEmpty() || s.yColumn.isEmpty())
            return Status::invalidArgument("choose two numeric columns for x and y");
        return spatial::pointsFromTable(request.table, s.xColumn.toStdString(), s.yColumn.toStdString(), s.domain);
    }
    if (s.shapePath.isEmpty()) return Status::invalidArgument("choose a DPBench shape file (.npy or .csv)");
    auto shape = spatial::readDensityShape(localPath(s.shapePath));
    if (!shape) return shape.status();
    // Sampled points are synthetic public data on a stream of their own (as `veil-cli psd --shape`).
    std::unique_ptr<RandomSource> random;
    if (s.seeded)
        random = std::make_unique<SeededRandom>(spatial::shapeSampleSeed(s.seed));
    else
        random = std::make_unique<SecureRandom>();
    SubRangeSink sink(ctx, 0.0, 0.35);
    return spatial::samplePointsFromShape(*shape, s.scale, subContext(ctx, sink, random.get()));
}

// Every k-th point, for drawing only (never for computing).
QVector<QPointF> downsample(const spatial::PointSet& points, std::size_t maxPoints) {
    const std::size_t n = points.size();
    const std::size_t stride = n <= maxPoints ? 1 : (n + maxPoints - 1) / maxPoints;
    QVector<QPointF> drawn;
    drawn.reserve(qsizetype(n / stride + 1));
    for (std::size_t i = 0; i < n; i += stride) drawn.append(QPointF(points.x[i], points.y[i]));
    return drawn;
}

// Teaching mode: the error of the public evaluation workload (the CLI's), overall and per size.
void evaluate(SpatialResult& result, const SpatialRunRequest& request) {
    auto workload =
        spatial::evaluationWorkload(result.psd->domain, 3 * request.queriesPerSize, spatial::QuerySize::Mixed);
    if (!workload) return;
    const auto truth = spatial::exactRangeCounts(*result.points, workload->queries);
    const auto estimates = spatial::privateRangeCounts(*result.psd, workload->queries);
    const double n = double(result.points->size());
    result.error = spatial::summarizeQueryError(truth, estimates, n, workload->sizes);
    const spatial::QuerySize classes[3] = {spatial::QuerySize::Small, spatial::QuerySize::Medium,
                                           spatial::QuerySize::Large};
    for (int c = 0; c < 3; ++c) {
        std::vector<double> t, e;
        for (std::size_t i = 0; i < workload->queries.size(); ++i) {
            if (workload->sizes[i] != classes[c]) continue;
            t.push_back(truth[i]);
            e.push_back(estimates[i]);
        }
        result.errorBySize[std::size_t(c)] = spatial::summarizeQueryError(t, e, n);
    }
}

}  // namespace

SpatialOutcome SpatialRunner::run(const SpatialRunRequest& request, const RunContext& ctx) {
    using Clock = std::chrono::steady_clock;
    const SpatialSettings& s = request.settings;
    if (!request.gate) return {Status::internal("the spatial run has no release gate"), nullptr};
    ctx.report(0.0, "Preparing points");
    auto result = std::make_shared<SpatialResult>();
    result->settings = s;
    result->draw = request.draw;
    result->seeded = s.seeded;
    if (request.cachedPoints) {
        result->points = request.cachedPoints;
    } else {
        auto points = loadPoints(request, ctx);
        if (!points) return {points.status(), nullptr};
        result->points = std::make_shared<const spatial::PointSet>(std::move(points).value());
    }
    if (ctx.cancelled()) return {Status::cancelled(), nullptr};
    const auto start = Clock::now();

    // Through the gate: charged before the tree is built (release mode).
    SubRangeSink buildSink(ctx, 0.35, 0.85);
    // A shape's points lie in its grid of cells (its domain is columns x rows): the grids align to it.
    std::size_t dataColumns = 0, dataRows = 0;
    if (s.source == SpatialSource::Shape) {
        dataColumns = static_cast<std::size_t>(std::llround(result->points->domain.width()));
        dataRows = static_cast<std::size_t>(std::llround(result->points->domain.height()));
    }
    auto psd = spatial::releaseDecomposition(*request.gate, *result->points, s.psdRequest(dataColumns, dataRows),
                                             subContext(ctx, buildSink, nullptr));
    if (!psd) return {psd.status(), nullptr};
    result->receipt = psd->receipt;
    result->randomDescription = QString::fromStdString(psd->receipt.randomness);
    result->psd = std::make_shared<const spatial::PrivateSpatialDecomposition>(std::move(psd).value());
    if (ctx.cancelled()) return {Status::cancelled(), nullptr};
    ctx.report(0.85, "Answering range queries");
    if (request.gate->isTeaching()) evaluate(*result, request);
    result->seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (ctx.cancelled()) return {Status::cancelled(), nullptr};
    result->drawnPoints = downsample(*result->points, request.maxDrawnPoints);
    ctx.report(1.0, "Done");
    return {Status::ok(), std::move(result)};
}

SpatialRunner::SpatialRunner(QObject* parent) : QObject(parent), m_job(new CoreJob(nullptr, this)) {
    connect(m_job, &CoreJob::progressChanged, this, &SpatialRunner::progressChanged);
    connect(m_job, &CoreJob::succeeded, this, &SpatialRunner::succeeded);
    connect(m_job, &CoreJob::failed, this, &SpatialRunner::failed);
    connect(m_job, &CoreJob::cancelled, this, &SpatialRunner::cancelled);
    connect(m_job, &CoreJob::finished, this, &SpatialRunner::finished);
}

SpatialRunner::~SpatialRunner() { delete m_job; }  // before m_last: the job cancels and waits

bool SpatialRunner::isRunning() const { return m_job->isRunning(); }

void SpatialRunner::start(SpatialRunRequest request) {
    Q_EMIT started();
    m_job->start(tr("Spatial decomposition"), [this, request = std::move(request)](const RunContext& ctx) {
        SpatialOutcome outcome = run(request, ctx);
        if (!outcome.result)
            return CoreJobOutcome{
                outcome.status.isOk() ? Status::internal("the spatial run gave no result") : outcome.status, {}, {}};
        return CoreJobOutcome{Status::ok(), [this, result = std::move(outcome.result)] { m_last = result; }, {}};
    });
}

void SpatialRunner::cancel() { m_job->cancel(); }

}  // namespace veil::ui
