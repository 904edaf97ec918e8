// HomogeneityPanel: the homogeneity attack on the current release (core's homogeneityAttack):
// classes whose sensitive values are all the same (or fewer than l distinct), listed with the
// value they disclose; one click re-runs with distinct l-diversity or t-closeness (an undoable
// settings edit) and the panel shows the count before and after.
#pragma once

#include <QWidget>

class QLabel;
class QSpinBox;
class QTableWidget;

namespace veil::ui {

class AnonymizationState;

class HomogeneityPanel final : public QWidget {
    Q_OBJECT

public:
    explicit HomogeneityPanel(AnonymizationState* state, QWidget* parent = nullptr);

    QLabel* resultLabel() const { return m_result; }
    QTableWidget* classTable() const { return m_table; }
    // Vulnerable classes in the current release (-1 when the attack cannot run).
    int vulnerableClasses() const { return m_vulnerable; }
    // Turns on distinct l-diversity (l from the spin box) or t-closeness and asks for a run.
    void protectWithLDiversity();
    void protectWithTCloseness();

Q_SIGNALS:
    void runRequested();

private:
    void analyse();

    AnonymizationState* m_state;
    QSpinBox* m_l;
    QLabel* m_result;
    QLabel* m_history;
    QTableWidget* m_table;
    int m_vulnerable = -1;
    QString m_before;
};

}  // namespace veil::ui
