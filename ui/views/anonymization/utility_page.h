// UtilityPage: what the released table kept of the input, as core's utility analysis measures it
// (veil/anonymity/utility_analysis.h, "*" declared suppressed): per quasi-identifier, distinct
// values, values not suppressed, entropy, the most frequent value and, for numbers, mean and
// standard deviation before and after; the contingency tables of any two attributes before | after
// as heat maps with their total-variation distance; and how well naive Bayes and logistic
// regression predict a chosen target from the quasi-identifiers, trained on the input and on the
// release and both tested on the input's records, beside always guessing the majority class. Computed off the UI thread
// (the accuracy with progress); the figures are marked outdated when the settings changed since the run or a later run
// failed.
#pragma once

#include "veil/anonymity/utility_analysis.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QTableWidget;
class QTableWidgetItem;
class QTimer;

namespace veil::ui {

class AnonymizationState;
class ContingencyHeatMap;
class CoreJob;
class JobMonitor;

class UtilityPage final : public QWidget {
    Q_OBJECT

public:
    UtilityPage(AnonymizationState* state, JobMonitor* jobs, QWidget* parent = nullptr);
    ~UtilityPage() override;

    // Recomputes now (otherwise: when the page is shown after the run or a choice changed).
    void refresh();
    bool isComputing() const;
    // A later run failed: what is shown is an earlier run's (cleared by the next result).
    void runFailed();
    // The figures are not those of the current settings (changed since the run, or a run failed).
    bool isOutdated() const;

    // The figures shown (empty before a run).
    const std::vector<anonymity::AttributeUtility>& attributes() const { return m_attributes; }
    std::optional<double> distance() const { return m_distance; }
    const std::optional<anonymity::ClassificationAccuracy>& accuracy(anonymity::Classifier model) const {
        return m_accuracy[int(model)];
    }

    QComboBox* rowAttributeCombo() const { return m_rowAttribute; }
    QComboBox* columnAttributeCombo() const { return m_columnAttribute; }
    QComboBox* targetCombo() const { return m_target; }
    QTableWidget* attributeTable() const { return m_table; }
    ContingencyHeatMap* heatMapBefore() const { return m_before; }
    ContingencyHeatMap* heatMapAfter() const { return m_after; }
    QLabel* distanceLabel() const { return m_distanceLabel; }
    QTableWidget* accuracyTable() const { return m_accuracyTable; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }

    // Columns of the attribute table and of the accuracy table.
    enum AttributeColumn {
        Name,
        DistinctBefore,
        DistinctAfter,
        Kept,
        EntropyBefore,
        EntropyAfter,
        EntropyKept,
        Mode,
        Numbers,
        Columns
    };
    enum AccuracyColumn { TrainedOnInput, TrainedOnRelease, Majority, AccuracyColumns };
    // Heat maps keep this many values per attribute and pool the rest as "Other".
    static constexpr int kMaxCategories = 10;

Q_SIGNALS:
    // New figures are shown (the summary and heat maps, or the accuracy).
    void refreshed();

protected:
    void showEvent(QShowEvent* event) override;

private:
    QWidget* buildControls();
    void buildAttributeTable();
    void fitAttributeTable();
    void buildAccuracyTable();
    void runChanged();
    void refreshSummary();
    void refreshAccuracy();
    void showAttributes();
    static QTableWidgetItem* numbersItem(const anonymity::AttributeUtility& u);
    void showAccuracy();
    void updateStatus();

    AnonymizationState* m_state;
    CoreJob* m_summaryJob;
    CoreJob* m_accuracyJob;
    bool m_summaryDirty = true, m_accuracyDirty = true, m_failedSinceRun = false;
    QString m_error;
    QComboBox* m_rowAttribute = nullptr;
    QComboBox* m_columnAttribute = nullptr;
    QComboBox* m_target = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_table = nullptr;
    ContingencyHeatMap* m_before = nullptr;
    ContingencyHeatMap* m_after = nullptr;
    QLabel* m_distanceLabel = nullptr;
    QTableWidget* m_accuracyTable = nullptr;
    QGroupBox* m_accuracyBox = nullptr;
    std::vector<anonymity::AttributeUtility> m_attributes;
    std::optional<double> m_distance;
    std::optional<anonymity::ClassificationAccuracy> m_accuracy[2];
};

}  // namespace veil::ui
