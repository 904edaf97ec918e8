// Shared pieces of the classroom demos: where the demo tables live (resources/demos/, found next
// to the executable or in the source tree), reading them with veil::readCsvFile, showing a Table
// in a QTableWidget with highlighted rows, the explanation panel and the "seeded demo" badge.
#pragma once

#include "veil/common/status.h"
#include "veil/table/table.h"

#include <QColor>
#include <QGraphicsView>
#include <QString>

#include <initializer_list>
#include <utility>

#include <set>
#include <string>
#include <vector>

class QChart;
class QLabel;
class QTableWidget;
class QTextBrowser;
class QWidget;

namespace veil::ui::demo {

// The folder holding the demo tables: $VEIL_DEMOS_DIR, <exe>/resources/demos, <exe>/../resources/
// demos, ../share/veil/demos, or the source tree's resources/demos. Empty when none exists.
QString demosDirectory();
// Reads resources/demos/<name> with every column as categorical text (ZIP 537** and 53715 alike).
Result<Table> loadDemoTable(const QString& name);
// Loads each (table, file name) pair; a table that cannot be read stays empty and its message goes
// to `error` (the page shows it).
void loadDemoTables(std::initializer_list<std::pair<Table*, const char*>> tables, QString& error);

// The numeric values of a column of resources/samples/<file> (beside resources/demos/).
Result<std::vector<double>> loadSampleColumn(const QString& file, const std::string& column);

// A read-only table widget showing `table`; rows in `highlight` get `colour`.
QTableWidget* makeTableWidget(QWidget* parent = nullptr);
void showTable(QTableWidget* widget, const Table& table, const std::set<std::size_t>& highlight = {},
               const QColor& colour = QColor(255, 205, 160));
QString cellText(const Table& table, std::size_t row, std::size_t column);

// The explanation panel: rich text in a large font, citing the seed.
QTextBrowser* makeExplanation(const QString& html, QWidget* parent = nullptr);
// A red "seeded demo (seed N) - not for release" label.
QLabel* makeSeededBadge(unsigned long long seed, QWidget* parent = nullptr);
// Large bold result label for the projector.
QLabel* makeResultLabel(QWidget* parent = nullptr);
// Projector-sized fonts for a demo chart's title, axes and legend.
void styleChart(QChart* chart);

// A graphics view that keeps its whole scene in view when resized or shown.
class FitView final : public QGraphicsView {
public:
    using QGraphicsView::QGraphicsView;
    void fit();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
};

// Sets a bigger base font on a demo's top widget (readable on a projector).
void enlargeFont(QWidget* widget);

}  // namespace veil::ui::demo
