// ColumnSummaryPanel: the side panel for the selected column: its type, role, distinct and missing
// counts, range, and a chart of its values. Summaries are computed by core off the UI thread, so
// a click on a column of a million rows does not freeze the window.
#pragma once

#include "veil/table/column_summary.h"

#include <QWidget>

class QChartView;
class QFormLayout;
class QLabel;
class QStackedWidget;
template <typename T>
class QFutureWatcher;

namespace veil::ui {

class Document;

class ColumnSummaryPanel final : public QWidget {
    Q_OBJECT

public:
    explicit ColumnSummaryPanel(Document* document, QWidget* parent = nullptr);
    ~ColumnSummaryPanel() override;

    int column() const { return m_column; }
    // Shows column `column` of the document's table (-1: nothing).
    void setColumn(int column);

    // The summary on display (for tests); valid once summaryShown was emitted.
    const ColumnSummary& summary() const { return m_summary; }

Q_SIGNALS:
    void summaryShown(int column);

private:
    struct Computed {
        int column = -1;
        quint64 generation = 0;
        ColumnSummary summary;
        ValueCounts counts;
    };
    void refresh();
    void show(const Computed& computed);
    void onColumnChanged(int column);

    Document* m_document;
    int m_column = -1;
    quint64 m_generation = 0;
    ColumnSummary m_summary;
    QStackedWidget* m_stack;
    QLabel* m_title;
    QLabel* m_type;
    QLabel* m_role;
    QLabel* m_rows;
    QLabel* m_distinct;
    QLabel* m_missing;
    QLabel* m_min;
    QLabel* m_max;
    QChartView* m_chartView;
    QFutureWatcher<Computed>* m_watcher;
};

}  // namespace veil::ui
