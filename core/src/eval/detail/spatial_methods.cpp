// Private spatial decompositions of the spatial engine's catalogue (quadtree, kd-tree, hybrid,
// uniform grid: veil/spatial/psd_release.h) run on a 2-D histogram through the trial's release
// gate, answering the workload's rectangles (Cormode et al., ICDE 2012; Qardaji, Yang, Li, ICDE
// 2013 for the grid). Cell (row r, column c) holds its records at the point (c + 0.5, r + 0.5) of
// the public domain [0, columns) x [0, rows).
#include "methods.h"

#include "veil/spatial/psd_release.h"
#include "veil/spatial/range_query.h"

#include <cmath>

namespace veil::eval::detail {

namespace {

struct PreparedPoints {
    spatial::PointSet points;
};

Result<std::shared_ptr<const void>> preparePoints(const HistogramData& data) {
    std::vector<double> x, y;
    const auto n = static_cast<std::size_t>(std::max(0.0, data.total()));
    x.reserve(n);
    y.reserve(n);
    for (std::size_t r = 0; r < data.rows; ++r)
        for (std::size_t c = 0; c < data.columns; ++c) {
            const auto k = static_cast<std::size_t>(std::llround(data.at(r, c)));
            x.insert(x.end(), k, static_cast<double>(c) + 0.5);
            y.insert(y.end(), k, static_cast<double>(r) + 0.5);
        }
    const spatial::Rect domain{0.0, 0.0, static_cast<double>(data.columns), static_cast<double>(data.rows)};
    auto points = spatial::makePointSet(std::move(x), std::move(y), domain);
    if (!points) return points.status();
    auto p = std::make_shared<PreparedPoints>();
    p->points = std::move(*points);
    return std::shared_ptr<const void>(std::move(p));
}

std::vector<spatial::Rect> workloadRects(const Workload& w, const HistogramData& data) {
    const spatial::Rect domain{0.0, 0.0, static_cast<double>(data.columns), static_cast<double>(data.rows)};
    return spatial::cellRectangles(domain, data.columns, data.rows, toRectangleQueries(w));
}

// The method's options, with the experiment's delta for smooth-sensitivity medians.
spatial::PsdRequest requestFor(const AlgorithmInfo& info, const TrialInput& in, double epsilon) {
    spatial::PsdRequest r;
    r.kind = info.id;
    r.options = in.options.is_object() ? in.options : nlohmann::json::object();
    if (in.delta > 0 && info.parameter("delta") && !r.options.contains("delta")) r.options["delta"] = in.delta;
    // The histogram's cells are the data's public resolution: the grid's blocks align to them.
    if (info.parameter("data_columns") && !r.options.contains("data_columns") && !r.options.contains("data_rows")) {
        r.options["data_columns"] = in.data.columns;
        r.options["data_rows"] = in.data.rows;
    }
    r.epsilon = epsilon;
    return r;
}

MethodInfo psdMethod(const AlgorithmInfo& info) {
    MethodInfo m;
    m.id = "psd:" + info.id;
    m.module = "spatial";
    m.description = info.name + ": " + info.summary;
    m.target = MethodTarget::Workload;
    m.supports1D = false;
    m.supports2D = true;
    for (const auto& p : info.parameters)
        m.optionsHelp += (m.optionsHelp.empty() ? "" : ", ") + p.name + " (" + p.defaultValue.dump() + ")";
    m.prepare = [info](const TrialInput& in) -> Result<std::shared_ptr<const void>> {
        auto plan = spatial::planDecomposition(requestFor(info, in, 1.0));
        if (!plan) return plan.status().withContext("method 'psd:" + info.id + "'");
        return preparePoints(in.data);
    };
    m.run = [info](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) -> Result<std::vector<double>> {
        const auto& prepared = *static_cast<const PreparedPoints*>(in.prepared);
        auto psd = spatial::releaseDecomposition(gate, prepared.points, requestFor(info, in, epsilon), RunContext{});
        if (!psd) return psd.status();
        return spatial::privateRangeCounts(*psd, workloadRects(in.workload, in.data));
    };
    return m;
}

}  // namespace

void addSpatialMethods(std::vector<MethodInfo>& out) {
    for (const auto& info : spatial::psdCatalogue()) out.push_back(psdMethod(info));
}

}  // namespace veil::eval::detail
