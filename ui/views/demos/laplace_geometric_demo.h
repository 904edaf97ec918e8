// Demo 5: a count released with Laplace vs geometric noise, and what epsilon means (seed 002,
// "Randomized response for general epsilon" exercise epsilons; seed 004, "Laplace Mechanism").
// veil::dp::LaplaceMechanism and veil::dp::GeometricMechanism each release the count many times
// (seeded demo); the chart shows how the outputs spread for the chosen epsilon.
#pragma once

#include "views/demos/demo_page.h"

#include <cstdint>
#include <vector>

class QChartView;
class QComboBox;
class QSpinBox;

namespace veil::ui {

class LaplaceGeometricDemo final : public DemoPage {
    Q_OBJECT

public:
    static constexpr std::uint64_t kLaplaceSeed = 5005, kGeometricSeed = 5006;
    static constexpr int kDraws = 2000;

    explicit LaplaceGeometricDemo(QWidget* parent = nullptr);

    void setCount(int count);
    void setEpsilonIndex(int index);
    double epsilon() const;
    int count() const;
    const std::vector<double>& laplaceDraws() const { return m_laplace; }
    const std::vector<std::int64_t>& geometricDraws() const { return m_geometric; }
    double laplaceScale() const { return m_laplaceScale; }
    double geometricScale() const { return m_geometricScale; }
    QChartView* chartView() const { return m_chart; }

protected:
    QString doRun() override;

private:
    QSpinBox* m_count;
    QComboBox* m_epsilon;
    QChartView* m_chart;
    std::vector<double> m_laplace;
    std::vector<std::int64_t> m_geometric;
    double m_laplaceScale = 0, m_geometricScale = 0;
};

}  // namespace veil::ui
