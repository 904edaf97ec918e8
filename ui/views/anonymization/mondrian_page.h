// MondrianPage: pick two quasi-identifiers and see Mondrian's cuts over the records (the
// partition rectangles of the last Mondrian run, coloured by size). Numeric QIs use their values;
// categorical QIs use the engine's value order (the hierarchy's row order, else sorted values).
// Before a Mondrian run an empty state says what to do; the axes default to the two QIs Mondrian
// cut most often (distinct partition bounds), so that many QIs do not give a pile of rectangles.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QStackedWidget;

namespace veil::ui {

class AnonymizationState;
class MondrianPlot;

class MondrianPage final : public QWidget {
    Q_OBJECT

public:
    explicit MondrianPage(AnonymizationState* state, QWidget* parent = nullptr);

    MondrianPlot* plot() const { return m_plot; }
    QComboBox* xCombo() const { return m_x; }
    QComboBox* yCombo() const { return m_y; }
    // Shown instead of the plot before a Mondrian run (or when it has fewer than two QIs).
    QLabel* emptyState() const { return m_empty; }
    bool showsPlot() const;

private:
    void refreshChoices();
    void redraw();

    AnonymizationState* m_state;
    QComboBox* m_x;
    QComboBox* m_y;
    QLabel* m_info;
    MondrianPlot* m_plot;
    QLabel* m_empty;
    QStackedWidget* m_stack;
};

}  // namespace veil::ui
