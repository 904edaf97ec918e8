// GroupsPage: what k-anonymity did to the data. The summary (classes, smallest class,
// suppressed records, information loss, risk before/after), the equivalence classes in a list,
// a chart of class sizes with k as a line, and the original and released tables side by side
// with rows tinted by class; selecting a class (in the list or by clicking a row) highlights its
// rows in both tables.
#pragma once

#include <QWidget>

class QCheckBox;
class QChartView;
class QSortFilterProxyModel;
class QTableView;
class QTextBrowser;

namespace veil::ui {

class AnonymizationState;
class ClassListModel;
class ClassTintProxyModel;
class TableModel;

class GroupsPage final : public QWidget {
    Q_OBJECT

public:
    explicit GroupsPage(AnonymizationState* state, QWidget* parent = nullptr);

    ClassListModel* classModel() const { return m_classes; }
    QTableView* classView() const { return m_classView; }
    ClassTintProxyModel* originalModel() const { return m_originalTint; }
    ClassTintProxyModel* releasedModel() const { return m_releasedTint; }
    QTableView* originalView() const { return m_originalView; }
    QTableView* releasedView() const { return m_releasedView; }
    QTextBrowser* summary() const { return m_summary; }
    QChartView* chartView() const { return m_chart; }

private:
    void showRun();
    void showSelection(int classId);
    QTableView* makeTable(ClassTintProxyModel* model, QWidget* parent);

    AnonymizationState* m_state;
    QTextBrowser* m_summary;
    ClassListModel* m_classes;
    QSortFilterProxyModel* m_classSort;
    QTableView* m_classView;
    QChartView* m_chart;
    TableModel* m_original;
    TableModel* m_released;
    ClassTintProxyModel* m_originalTint;
    ClassTintProxyModel* m_releasedTint;
    QTableView* m_originalView;
    QTableView* m_releasedView;
    QCheckBox* m_showOriginal;
};

}  // namespace veil::ui
