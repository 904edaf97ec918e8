// Demo 7: private spatial decompositions (seed 004, "Private spatial decompositions"; Cormode et al.,
// ICDE 2012): a generated point set (three clusters, seeded demo) split by a private quadtree or
// kd-tree (veil::spatial::buildDecomposition) with uniform or geometric budget allocation, with or
// without post-processing; the leaves are drawn shaded by their private count, and every variant's
// range-query error is compared on the same random workload (veil::spatial::evaluateWorkload).
#pragma once

#include "views/demos/demo_page.h"
#include "views/demos/demo_support.h"

#include "veil/spatial/decomposition.h"
#include "veil/spatial/point_set.h"
#include "veil/spatial/range_query.h"

#include <cstdint>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QTableWidget;

namespace veil::ui {

class SpatialDemo final : public DemoPage {
    Q_OBJECT

public:
    static constexpr std::uint64_t kSeed = 7007;
    static constexpr std::size_t kPoints = 20000, kQueries = 300;
    // Both trees end with about 1,000 leaves: quadtree height 5 (4^5), kd-tree height 10 (2^10).
    static constexpr int kQuadHeight = 5, kKdHeight = 10;

    explicit SpatialDemo(QWidget* parent = nullptr);

    // The demo's generated points (seeded) and workload.
    static spatial::PointSet makePoints();
    void setKind(int index);  // 0 quad, 1 kd
    void setGeometric(bool on);
    void setPostprocess(bool on);
    void setEpsilon(double e);
    spatial::PsdOptions options() const;
    const std::optional<spatial::PrivateSpatialDecomposition>& decomposition() const { return m_psd; }
    // Median relative error of the shown decomposition on the workload.
    double medianRelativeError() const { return m_error; }
    const spatial::PointSet& points() const { return m_points; }
    const spatial::RangeWorkload& workload() const { return m_workload; }

protected:
    QString doRun() override;

private:
    void draw();

    spatial::PointSet m_points;
    spatial::RangeWorkload m_workload;
    QString m_loadError;
    QComboBox* m_kind;
    QComboBox* m_epsilon;
    QCheckBox* m_geometric;
    QCheckBox* m_post;
    demo::FitView* m_view;
    QTableWidget* m_table;
    std::optional<spatial::PrivateSpatialDecomposition> m_psd;
    double m_error = 0.0;
};

}  // namespace veil::ui
