// MechanismResultPanel: one mechanism's outcome in the Mechanisms view: the noisy answer with its
// noise scale and confidence interval, the true value (hidden unless teaching), the noise
// distribution chart and the histogram of the repeated releases. Two of them sit side by side
// when two mechanisms are compared. A result whose inputs changed, or after a failed run, is marked
// outdated (it stays readable, headed as such) until the next run replaces it. A histogram
// answer is a table (bin, noisy count, interval per bin) and a bar chart with error bars.
#pragma once

#include "veil/dp/column_query.h"

#include <QWidget>

#include <optional>

class QChartView;
class QLabel;
class QTableWidget;

namespace veil::ui {

class MechanismResultPanel final : public QWidget {
    Q_OBJECT

public:
    explicit MechanismResultPanel(const QString& name, QWidget* parent = nullptr);

    // release: the one release shown; repeated: many independent releases of the same query.
    void showResult(const dp::ColumnQueryResult& release, const dp::ColumnQueryResult& repeated);
    void setShowTrue(bool show);
    void clear(const QString& message = {});
    // Heads the result shown as outdated, saying why; no-op without a result.
    void markOutdated(const QString& reason);
    bool isOutdated() const { return m_outdated; }
    bool hasResult() const { return m_release.has_value(); }
    const std::optional<dp::ColumnQueryResult>& release() const { return m_release; }

    QChartView* noiseChartView() const { return m_noiseView; }
    QChartView* repeatedChartView() const { return m_repeatedView; }
    // A histogram answer's table and bar chart (hidden for single-value answers).
    QTableWidget* binTable() const { return m_binTable; }
    QChartView* histogramChartView() const { return m_histogramView; }
    // The releases drawn in the repeated-release histogram (output 0).
    const std::vector<double>& repeatedValues() const { return m_repeatedValues; }

private:
    void redraw();
    void showAnswer(const dp::ColumnQueryResult& r);
    void drawRepeated(const dp::ColumnQueryResult& r, bool haveTrue, bool multi);
    QLabel* m_heading;
    QLabel* m_answer;
    QLabel* m_scale;
    QLabel* m_interval;
    QLabel* m_truth;
    QLabel* m_notes;
    QChartView* m_noiseView;
    QChartView* m_repeatedView;
    QTableWidget* m_binTable;
    QChartView* m_histogramView;
    std::optional<dp::ColumnQueryResult> m_release;
    std::vector<double> m_repeatedValues;
    bool m_showTrue = false;
    bool m_outdated = false;
    QString m_outdatedReason;
};

// The text shown for a released value: up to 6 significant digits.
QString formatDpValue(double value);
// Why the first released value of `r` lies outside its confidence interval.
QString outsideIntervalReason(const dp::ColumnQueryResult& r);

}  // namespace veil::ui
