// RandomizedResponsePanel: randomized response (seed 002) on a categorical column of the open
// table: every row answers through binary (k = 2) or k-ary RR at the view's epsilon; the panel
// shows, per category, the true share (only with "Show true value"), the share of randomized answers and the
// unbiased estimate with its standard error. Runs off the UI thread; honours Fixed seed.
#pragma once

#include "veil/table/table.h"

#include <QGroupBox>

class QComboBox;
class QLabel;
class QPushButton;

namespace veil::ui {

class CoreJob;
class DpParameters;
class JobMonitor;

class RandomizedResponsePanel final : public QGroupBox {
    Q_OBJECT

public:
    static constexpr int kMaxCategories = 20;

    RandomizedResponsePanel(DpParameters* parameters, JobMonitor* jobs, QWidget* parent = nullptr);
    void setTable(const Table& table);
    void run();
    CoreJob* job() const { return m_job; }

signals:
    void estimateShown();

private:
    DpParameters* m_params;
    Table m_table;
    QComboBox* m_column;
    QPushButton* m_run;
    QLabel* m_result;
    CoreJob* m_job;
};

}  // namespace veil::ui
