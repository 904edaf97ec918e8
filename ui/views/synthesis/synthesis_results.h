// SynthesisResults: what a Synthesize run shows. The synthetic table (a preview of its first rows),
// one column's 1-way marginal as bars and a pair's 2-way marginal as a heat map; in teaching mode
// also the real data beside them, the average 1/2/3-way TVD and naive-Bayes accuracy for a chosen
// target, headed as an evaluation computed on the real data (not private, not part of any release).
// A result whose inputs changed is headed as outdated until the next run.
#pragma once

#include <QWidget>

#include <memory>

class QChartView;
class QComboBox;
class QLabel;
class QTableView;
class QStandardItemModel;

namespace veil::ui {

class MarginalHeatMap;
struct SynthesisResult;

class SynthesisResults final : public QWidget {
    Q_OBJECT

public:
    explicit SynthesisResults(QWidget* parent = nullptr);
    void show(std::shared_ptr<const SynthesisResult> result);
    void clear(const QString& note = {});
    void markOutdated(const QString& reason);
    bool isOutdated() const { return m_outdated; }
    const SynthesisResult* result() const { return m_result.get(); }

    QTableView* preview() const { return m_preview; }
    QChartView* marginalChart() const { return m_chart; }
    MarginalHeatMap* heatMap() const { return m_heat; }
    QLabel* evaluationLabel() const { return m_evaluation; }
    QComboBox* columnCombo() const { return m_column; }
    QComboBox* targetCombo() const { return m_target; }

private:
    void drawMarginal();
    void drawPair();
    void showEvaluation();
    std::shared_ptr<const SynthesisResult> m_result;
    bool m_outdated = false;
    QLabel* m_heading;
    QTableView* m_preview;
    QStandardItemModel* m_model;
    QComboBox* m_column;
    QComboBox* m_pairA;
    QComboBox* m_pairB;
    QComboBox* m_target;
    QChartView* m_chart;
    MarginalHeatMap* m_heat;
    QLabel* m_evaluation;
};

}  // namespace veil::ui
