// Demo 6: a private median three ways (seed 000, "exponential mechanism vs. histograms for the
// median"; seed 004, "Exponential Mechanism, Example 2: Median" and smooth sensitivity): the ages of
// the first n records of the adult sample, released by veil::dp::ExponentialQuantile, by a noisy
// identity histogram (veil::dp::releaseHistogram through a teaching gate + quantileFromHistogram) and by
// veil::dp::SmoothSensitivityQuantile, repeated to compare their errors (seeded demo).
#pragma once

#include "views/demos/demo_page.h"

#include <array>
#include <cstdint>
#include <vector>

class QChartView;
class QComboBox;

namespace veil::ui {

class MedianDemo final : public DemoPage {
    Q_OBJECT

public:
    static constexpr std::uint64_t kSeed = 6006;
    static constexpr int kRepeats = 100;
    static constexpr double kLower = 0, kUpper = 100, kDelta = 1e-6;
    // The seed of release `i`'s noisy histogram (a teaching gate's, separate from the other two).
    static std::uint64_t histogramSeed(int i);

    explicit MedianDemo(QWidget* parent = nullptr);

    void setEpsilonIndex(int index);
    void setSizeIndex(int index);
    double epsilon() const;
    const std::vector<double>& ages() const { return m_ages; }  // the data used (first n)
    double trueMedian() const { return m_median; }
    // Per method (exponential, histogram, smooth): first release and mean |error| over kRepeats.
    const std::array<double, 3>& firstReleases() const { return m_first; }
    const std::array<double, 3>& meanErrors() const { return m_meanError; }
    QChartView* chartView() const { return m_chart; }

protected:
    QString doRun() override;

private:
    QComboBox* m_epsilon;
    QComboBox* m_size;
    QChartView* m_chart;
    std::vector<double> m_allAges, m_ages;
    QString m_loadError;
    double m_median = 0;
    std::array<double, 3> m_first{}, m_meanError{};
};

}  // namespace veil::ui
