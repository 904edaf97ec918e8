// SpatialRunner: releases a private spatial decomposition off the UI thread through a CoreJob
// (ui/jobs/core_job.h; the view announces the job on the status bar itself). Points come from a
// table's two numeric columns (in the declared domain) or are sampled from a DPBench shape (cached
// between runs with the same source); then core releases the tree through the run's gate (charged
// first in release mode) and, in teaching mode only, measures its error on the public evaluation
// workload of the CLI. A cancelled run never delivers a result.
#pragma once

#include "views/spatial/spatial_result.h"

#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/table/table.h"

#include <QObject>

#include <memory>

namespace veil {
struct RunContext;
}

namespace veil::ui {

class CoreJob;

struct SpatialRunRequest {
    SpatialSettings settings;
    Table table;                                            // Table source (a cheap copy: columns are shared)
    std::shared_ptr<const spatial::PointSet> cachedPoints;  // reused when not null
    int draw = 0;
    std::shared_ptr<dp::ReleaseGate> gate;  // the window's (release or teaching mode)
    std::size_t queriesPerSize = 300;
    std::size_t maxDrawnPoints = 100000;
};

struct SpatialOutcome {
    Status status;
    std::shared_ptr<const SpatialResult> result;
};

class SpatialRunner final : public QObject {
    Q_OBJECT

public:
    explicit SpatialRunner(QObject* parent = nullptr);
    ~SpatialRunner() override;  // cancels and waits for a running job

    bool isRunning() const;
    // Starts a run; a run already going is dropped (it never delivers).
    void start(SpatialRunRequest request);
    // Asks the running job to stop; `cancelled` follows.
    void cancel();
    // The last result delivered by `succeeded` (null before the first).
    std::shared_ptr<const SpatialResult> lastResult() const { return m_last; }

    // Runs the whole job synchronously (the worker body; exposed for tests).
    static SpatialOutcome run(const SpatialRunRequest& request, const RunContext& ctx);

Q_SIGNALS:
    void started();
    void progressChanged(double fraction, const QString& message);
    void succeeded();
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    CoreJob* m_job;
    std::shared_ptr<const SpatialResult> m_last;
};

}  // namespace veil::ui
