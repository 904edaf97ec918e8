// Demo 9: the sparse vector technique - many queries, few answers paid for (seed 004, "Sparse
// Vector Technique"; Lyu, Su, Li, PVLDB 2017). "How many people in the adult sample are exactly
// a years old?" for every age in turn, answered above/below a threshold by veil::dp::SparseVector,
// which stops after c "above" answers: the budget pays for those c, not for every query asked.
#pragma once

#include "views/demos/demo_page.h"

#include <cstdint>
#include <vector>

class QDoubleSpinBox;
class QSpinBox;
class QTableWidget;

namespace veil::ui {

class SparseVectorDemo final : public DemoPage {
    Q_OBJECT

public:
    static constexpr std::uint64_t kSeed = 9009;

    explicit SparseVectorDemo(QWidget* parent = nullptr);

    void setThreshold(double t);
    void setCutoff(int c);
    void setEpsilon(double e);
    // Query i: ages == kFirstAge + i; its true count.
    static constexpr int kFirstAge = 17;
    const std::vector<double>& trueCounts() const { return m_counts; }
    // Answers given before the mechanism halted (true = above).
    const std::vector<bool>& answers() const { return m_answers; }

protected:
    QString doRun() override;

private:
    QDoubleSpinBox* m_epsilon;
    QDoubleSpinBox* m_threshold;
    QSpinBox* m_cutoff;
    QTableWidget* m_table;
    std::vector<double> m_counts;
    std::vector<bool> m_answers;
    QString m_loadError;
};

}  // namespace veil::ui
