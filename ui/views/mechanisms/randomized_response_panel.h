// RandomizedResponsePanel: randomized response (seed 002) on a column of the open table over a
// DECLARED domain: every row answers through binary (k = 2) or k-ary RR at the view's epsilon over
// the categories typed here (values outside them count as "other" when that box is ticked, and are
// dropped otherwise; teaching mode may fill them in from the data). Each run is a release charged
// through the window's ReleaseSession before anyone answers; the panel shows, per category, the
// share of randomized answers and the unbiased estimate with its standard error (and the true
// share in teaching mode with "Show true value"). Runs off the UI thread; honours Fixed seed.
#pragma once

#include "panels/data_filled_domain.h"
#include "veil/table/table.h"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace veil::ui {

class CoreJob;
class DpParameters;
class JobMonitor;
class ReleaseSession;

class RandomizedResponsePanel final : public QGroupBox {
    Q_OBJECT

public:
    RandomizedResponsePanel(DpParameters* parameters, JobMonitor* jobs, ReleaseSession* session,
                            QWidget* parent = nullptr);
    void setTable(const Table& table, const QString& datasetKey);
    void run();
    CoreJob* job() const { return m_job; }

Q_SIGNALS:
    void estimateShown();

private:
    void fillCategoriesFromData();

    DpParameters* m_params;
    ReleaseSession* m_session;
    Table m_table;
    QString m_datasetKey;
    QComboBox* m_column;
    QLineEdit* m_categories;
    DataFilledDomain m_dataFilled;  // the categories teaching mode filled from the data
    QCheckBox* m_other;
    QPushButton* m_run;
    QLabel* m_result;
    CoreJob* m_job;
};

}  // namespace veil::ui
