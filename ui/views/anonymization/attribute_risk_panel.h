// AttributeRiskPanel: which sets of quasi-identifiers single records out (core's attributeRisk,
// ARX's attribute risk): for every set of at most "largest set" of the configured quasi-identifiers,
// the records it makes unique, its distinction and its separation, in a sortable table. The number
// of sets grows as 2^q, so it is computed only when asked, off the UI thread (cancellable), and only
// up to kMaxSets sets; a result is marked outdated when the table or its quasi-identifiers change.
#pragma once

#include "veil/anonymity/attribute_risk.h"
#include "veil/table/table.h"

#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace veil::ui {

class CoreJob;
class JobMonitor;

class AttributeRiskPanel final : public QWidget {
    Q_OBJECT

public:
    // The most sets one computation may rank.
    static constexpr std::size_t kMaxSets = 5000;

    explicit AttributeRiskPanel(JobMonitor* jobs, QWidget* parent = nullptr);

    // The table and quasi-identifiers to analyse; a result for other ones becomes outdated.
    void setInput(const Table& table, const std::vector<std::string>& quasiIdentifiers);
    // Starts the computation (the button); false when it cannot start (the reason is shown).
    bool compute();
    bool isComputing() const;
    bool isOutdated() const { return m_outdated; }
    const std::vector<anonymity::AttributeSetRisk>& sets() const { return m_sets; }

    QPushButton* computeButton() const { return m_compute; }
    QSpinBox* largestSetSpin() const { return m_largest; }
    QTableWidget* table() const { return m_table; }
    QLabel* statusLabel() const { return m_status; }

    enum Column { Attributes, Singled, Distinction, Separation, Columns };

Q_SIGNALS:
    void computed();

private:
    void showSets();
    void updateLimits();

    CoreJob* m_job;
    Table m_input;
    std::vector<std::string> m_qis;
    std::vector<std::string> m_resultQis;  // the QIs of the result shown
    std::vector<anonymity::AttributeSetRisk> m_sets;
    bool m_outdated = false;
    QSpinBox* m_largest;
    QPushButton* m_compute;
    QLabel* m_status;
    QTableWidget* m_table;
};

}  // namespace veil::ui
