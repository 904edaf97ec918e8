#include "views/demos/demo_support.h"
#include "charts/chart_zoom.h"

#include "workbench/local_path.h"
#include "veil/table/csv_reader.h"

#include <QAbstractAxis>
#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTextBrowser>

#include "workbench/data_paths.h"

#include <cmath>

namespace veil::ui::demo {

QString demosDirectory() {
    if (qEnvironmentVariableIsSet("VEIL_DEMOS_DIR")) return qEnvironmentVariable("VEIL_DEMOS_DIR");
    return resourceDirectory(QStringLiteral("demos"), QStringLiteral("census.csv"));
}

Result<Table> loadDemoTable(const QString& name) {
    const QString dir = demosDirectory();
    if (dir.isEmpty())
        return Status::notFound(
            "the demo tables (resources/demos/) were not found next to the executable or in the source tree");
    const QString path = dir + QLatin1Char('/') + name;
    // A first read for the column names, then every column as categorical text.
    auto first = readCsvFile(localPath(path));
    if (!first.isOk()) return first.status();
    CsvReadOptions options;
    for (const auto& column : first.value().table.columnNames())
        options.typeOverrides[column] = ColumnType::Categorical;
    auto read = readCsvFile(localPath(path), options);
    if (!read.isOk()) return read.status();
    return std::move(read).value().table;
}

void loadDemoTables(std::initializer_list<std::pair<Table*, const char*>> tables, QString& error) {
    for (auto [table, name] : tables) {
        auto loaded = loadDemoTable(QString::fromLatin1(name));
        if (loaded.isOk())
            *table = std::move(loaded).value();
        else
            error = QString::fromStdString(loaded.status().message());
    }
}

Result<std::vector<double>> loadSampleColumn(const QString& file, const std::string& column) {
    const QString dir = demosDirectory();
    if (dir.isEmpty())
        return Status::notFound(
            "the demo data (resources/) was not found next to the executable or in the source tree");
    const QString path = QDir(dir + QStringLiteral("/../samples")).absoluteFilePath(file);
    auto read = readCsvFile(localPath(path));
    if (!read.isOk()) return read.status();
    const Table& table = read.value().table;
    auto index = table.columnIndex(column);
    if (!index.isOk()) return index.status();
    std::vector<double> values;
    for (std::size_t r = 0; r < table.rowCount(); ++r)
        if (const double v = table.column(index.value()).numericAt(r); std::isfinite(v)) values.push_back(v);
    return values;
}

QString cellText(const Table& table, std::size_t row, std::size_t column) {
    return QString::fromStdString(table.column(column).toString(row));
}

QTableWidget* makeTableWidget(QWidget* parent) {
    auto* w = new QTableWidget(parent);
    w->setEditTriggers(QAbstractItemView::NoEditTriggers);
    w->setSelectionMode(QAbstractItemView::NoSelection);
    w->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    w->horizontalHeader()->setStretchLastSection(true);
    w->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return w;
}

void showTable(QTableWidget* widget, const Table& table, const std::set<std::size_t>& highlight, const QColor& colour) {
    widget->clear();
    widget->setRowCount(int(table.rowCount()));
    widget->setColumnCount(int(table.columnCount()));
    QStringList headers;
    for (const auto& n : table.columnNames()) headers << QString::fromStdString(n);
    widget->setHorizontalHeaderLabels(headers);
    for (std::size_t r = 0; r < table.rowCount(); ++r)
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            auto* item = new QTableWidgetItem(cellText(table, r, c));
            if (highlight.count(r)) item->setBackground(colour);
            widget->setItem(int(r), int(c), item);
        }
    int height = widget->horizontalHeader()->height() + 6;
    for (int r = 0; r < widget->rowCount(); ++r) height += widget->verticalHeader()->sectionSize(r);
    widget->setMinimumHeight(std::min(height, 420));
}

QTextBrowser* makeExplanation(const QString& html, QWidget* parent) {
    auto* text = new QTextBrowser(parent);
    text->setObjectName(QStringLiteral("demoExplanation"));
    text->setHtml(html);
    text->setOpenExternalLinks(false);
    text->setMinimumWidth(300);
    text->setMaximumWidth(400);
    return text;
}

QLabel* makeSeededBadge(unsigned long long seed, QWidget* parent) {
    auto* label = new QLabel(QObject::tr("seeded demo (seed %1) — not for release").arg(seed), parent);
    label->setObjectName(QStringLiteral("seededBadge"));
    label->setStyleSheet(QStringLiteral("color: #b00000; font-weight: bold;"));
    return label;
}

QLabel* makeResultLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QStringLiteral("demoResult"));
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    label->setFont(f);
    return label;
}

void styleChart(QChart* chart) {
    QFont title = chart->titleFont();
    title.setPointSizeF(chart_zoom::points(14));
    title.setBold(true);
    chart->setTitleFont(title);
    QFont legend = chart->legend()->font();
    legend.setPointSizeF(chart_zoom::points(11));
    chart->legend()->setFont(legend);
    for (QAbstractAxis* axis : chart->axes()) {
        QFont labels = axis->labelsFont();
        labels.setPointSizeF(chart_zoom::points(11));
        axis->setLabelsFont(labels);
        QFont axisTitle = labels;
        axisTitle.setBold(true);
        axis->setTitleFont(axisTitle);
    }
}

void FitView::fit() {
    if (scene() && !scene()->items().isEmpty())
        fitInView(scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10), Qt::KeepAspectRatio);
}

void FitView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    fit();
}

void FitView::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    fit();
}

void enlargeFont(QWidget* widget) {
    QFont f = widget->font();
    f.setPointSizeF(std::max(12.0, f.pointSizeF() * 1.25));
    widget->setFont(f);
}

}  // namespace veil::ui::demo
