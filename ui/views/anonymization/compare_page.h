// ComparePage: an attribute's distribution before and after anonymization, as two bar charts
// side by side (core's valueCounts drawn by the shared ValueCountsChartBuilder), so one sees what
// generalization and suppression did to it.
#pragma once

#include <QWidget>

class QChartView;
class QComboBox;

namespace veil::ui {

class AnonymizationState;

class ComparePage final : public QWidget {
    Q_OBJECT

public:
    explicit ComparePage(AnonymizationState* state, QWidget* parent = nullptr);

    QComboBox* attributeCombo() const { return m_attribute; }
    QChartView* originalChart() const { return m_original; }
    QChartView* releasedChart() const { return m_released; }

private:
    void refreshChoices();
    void redraw();

    AnonymizationState* m_state;
    QComboBox* m_attribute;
    QChartView* m_original;
    QChartView* m_released;
};

}  // namespace veil::ui
