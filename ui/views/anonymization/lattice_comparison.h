// LatticeComparison: two transformations of the lattice side by side — each QI's level name (rows
// that differ in bold), whether the node is anonymous, and what applying it gives: information
// loss, records suppressed, classes kept and the smallest class (computed off the UI thread by
// applying each node to the run's input with the run's settings). Shown under the lattice's list
// when two rows are selected, or one row and the optimum.
#pragma once

#include "veil/anonymity/anonymization.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QTableWidget;

namespace veil::ui {

class CoreJob;
class LatticeLevelNames;
struct AnonymizationRun;

class LatticeComparison final : public QWidget {
    Q_OBJECT

public:
    explicit LatticeComparison(QWidget* parent = nullptr);

    // Compares nodes `a` and `b` (levels in QI order; `aTitle`/`bTitle` head the columns).
    void compare(std::shared_ptr<const AnonymizationRun> run, const LatticeLevelNames& names, const std::vector<int>& a,
                 const QString& aTitle, const std::vector<int>& b, const QString& bTitle);
    void clear(const QString& hint);

    QTableWidget* table() const { return m_table; }
    bool isBusy() const;

Q_SIGNALS:
    void evaluated();  // both columns filled (tests wait for it)

private:
    struct Outcome {
        double loss = 0;
        std::size_t suppressed = 0, classes = 0, smallest = 0;
        bool found = false;
    };
    void showOutcomes(const std::optional<Outcome>& a, const std::optional<Outcome>& b);

    QLabel* m_title;
    QTableWidget* m_table;
    CoreJob* m_job;
    std::size_t m_qiRows = 0;
};

}  // namespace veil::ui
