#include "views/mechanisms/histogram_answer.h"

#include "views/mechanisms/mechanism_result_panel.h"

#include <QHeaderView>
#include <QTableWidget>

namespace veil::ui {

namespace {
QTableWidgetItem* item(const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    cell->setTextAlignment(align);
    return cell;
}
}  // namespace

void fillHistogramTable(QTableWidget* table, const dp::ColumnQueryResult& r,
                        const std::vector<dp::ConfidenceInterval>& intervals, bool showTrue) {
    const std::vector<double> none;
    const std::vector<double>& values = r.releases.empty() ? none : r.releases.front();
    const bool truth = showTrue && r.trueValues.size() == values.size();
    const double confidence = intervals.empty() ? 0.95 : intervals.front().confidence;
    QStringList headers{QObject::tr("Bin"), QObject::tr("Noisy count"),
                        QObject::tr("%1% interval").arg(confidence * 100, 0, 'g', 3)};
    if (truth) headers << QObject::tr("True count (teaching)");
    table->clear();
    table->setColumnCount(int(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->setRowCount(int(values.size()));
    for (int i = 0; i < int(values.size()); ++i) {
        const auto row = std::size_t(i);
        const QString label = row < r.labels.size() ? QString::fromStdString(r.labels[row]) : QString::number(i + 1);
        table->setItem(i, 0, item(label, Qt::AlignLeft | Qt::AlignVCenter));
        auto* value = item(formatDpValue(values[row]));
        value->setData(Qt::UserRole, values[row]);
        table->setItem(i, 1, value);
        if (row < intervals.size()) {
            const auto& ci = intervals[row];
            auto* cell = item(QStringLiteral("[%1, %2]").arg(formatDpValue(ci.lower), formatDpValue(ci.upper)));
            cell->setData(Qt::UserRole, ci.lower);
            cell->setData(Qt::UserRole + 1, ci.upper);
            table->setItem(i, 2, cell);
        }
        if (truth) table->setItem(i, 3, item(formatDpValue(r.trueValues[row])));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(false);
}

}  // namespace veil::ui
