// Demo 4: randomized response with a die (seed 002, "Randomized response": roll a die, report the
// truth on 1-4, the opposite on 5-6, i.e. epsilon = ln 2). A class of n students is simulated with
// veil::dp::RandomizedResponse (seeded demo), the proportion is estimated without bias, and a
// log-log chart shows the error shrinking like 1/sqrt(n) (the count's error grows only like sqrt(n)).
#pragma once

#include "views/demos/demo_page.h"

#include "veil/dp/randomized_response.h"

#include <cstdint>
#include <vector>

class QChartView;
class QSlider;
class QLabel;

namespace veil::ui {

class RandomizedResponseDemo final : public DemoPage {
    Q_OBJECT

public:
    static constexpr std::uint64_t kSeed = 2002;
    static constexpr int kReplicates = 40;  // simulated classes per point of the chart

    explicit RandomizedResponseDemo(QWidget* parent = nullptr);

    void setClassSize(int n);
    void setTrueProportion(int percent);
    int classSize() const;
    double trueProportion() const;
    // The die's epsilon: p = 4/6 = e^eps / (e^eps + 1), so eps = ln 2.
    static double dieEpsilon();
    const dp::FrequencyEstimate& estimate() const { return m_estimate; }
    std::size_t yesReports() const { return m_yes; }
    const std::vector<int>& chartSizes() const { return m_sizes; }
    const std::vector<double>& chartErrors() const { return m_errors; }
    QChartView* chartView() const { return m_chart; }

    // The truths of a class: the first round(n * p) students answer yes (1).
    static std::vector<std::size_t> classTruths(int n, double proportion);

protected:
    QString doRun() override;

private:
    QSlider* m_n;
    QSlider* m_p;
    QLabel* m_nLabel;
    QLabel* m_pLabel;
    QChartView* m_chart;
    dp::FrequencyEstimate m_estimate;
    std::size_t m_yes = 0;
    std::vector<int> m_sizes;
    std::vector<double> m_errors;
};

}  // namespace veil::ui
