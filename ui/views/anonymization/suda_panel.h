// SudaPanel: special uniques (core's suda2, sdcMicro's suda2): which records a few of their values
// single out, for the input table or the released one ('*' read as missing). On request, off the UI
// thread and cancellable (the window's job monitor), it shows each quasi-identifier's contribution
// to the SUDA score, the records per DIS-SUDA band (a chart) and the records with the highest
// scores with their smallest minimal sample uniques. A result is marked outdated when its table or
// quasi-identifiers change.
#pragma once

#include "veil/anonymity/suda.h"
#include "veil/table/table.h"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace veil::ui {

class CoreJob;
class JobMonitor;

class SudaPanel final : public QWidget {
    Q_OBJECT

public:
    // The most records listed by score.
    static constexpr int kTopRecords = 200;
    enum Source { InputTable, ReleasedTable };

    explicit SudaPanel(JobMonitor* jobs, QWidget* parent = nullptr);

    // The input table and its quasi-identifiers, and the released table when there is one.
    void setInput(const Table& input, const std::vector<std::string>& quasiIdentifiers,
                  const std::optional<Table>& released);
    // Starts the computation (the button); false when it cannot start (the reason is shown).
    bool compute();
    bool isComputing() const;
    bool isOutdated() const { return m_outdated; }
    const std::optional<anonymity::SudaResult>& result() const { return m_result; }

    QComboBox* sourceCombo() const { return m_source; }
    QSpinBox* largestSpin() const { return m_largest; }
    QPushButton* computeButton() const { return m_compute; }
    QLabel* statusLabel() const { return m_status; }
    QTableWidget* contributionTable() const { return m_contributions; }
    QTableWidget* recordTable() const { return m_records; }
    QChartView* chartView() const { return m_chart; }

    enum ContributionColumn { Attribute, Contribution, MsuShare, ContributionColumns };
    enum RecordColumn { Row, Score, DisScore, Msus, RecordColumns };

Q_SIGNALS:
    void computed();

private:
    void display(anonymity::SudaResult result, const Table& table);
    void showRecords(const Table& table);
    void updateControls();

    CoreJob* m_job;
    Table m_input;
    std::optional<Table> m_released;
    std::vector<std::string> m_qis;
    std::optional<anonymity::SudaResult> m_result;
    bool m_outdated = false;
    QComboBox* m_source;
    QSpinBox* m_largest;
    QPushButton* m_compute;
    QLabel* m_status;
    QTableWidget* m_contributions;
    QChartView* m_chart;
    QTableWidget* m_records;
};

}  // namespace veil::ui
