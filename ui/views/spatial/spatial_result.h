// SpatialResult: what one run of the Spatial view produced - the points (the steward's own input),
// the private spatial decomposition released by core (its true counts are zero in release mode),
// a downsampled copy of the points for drawing, the release's receipt and, in teaching mode only,
// the error of the public random-rectangle workload (overall and per query size). Immutable once
// made; shared between the canvas, the models and the chart.
#pragma once

#include "views/spatial/spatial_settings.h"

#include "veil/spatial/decomposition.h"
#include "veil/spatial/point_set.h"
#include "veil/spatial/range_query.h"

#include <QPointF>
#include <QString>
#include <QVector>

#include <array>
#include <memory>

namespace veil::ui {

struct SpatialResult {
    SpatialSettings settings;
    std::shared_ptr<const spatial::PointSet> points;
    std::shared_ptr<const spatial::PrivateSpatialDecomposition> psd;
    QVector<QPointF> drawnPoints;      // at most SpatialRunRequest::maxDrawnPoints, for drawing only
    spatial::QueryErrorSummary error;  // the whole workload (teaching mode only)
    std::array<spatial::QueryErrorSummary, 3> errorBySize;  // small, medium, large
    bool seeded = false;
    int draw = 0;                // which draw (re-runs with a seed derive a new stream per draw)
    QString randomDescription;   // core's description of the random source
    dp::ReleaseReceipt receipt;  // what the release spent, private or not
    double seconds = 0.0;        // decomposition + workload
};

}  // namespace veil::ui
