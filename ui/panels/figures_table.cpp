#include "panels/figures_table.h"

#include <QHeaderView>
#include <QTableWidget>

#include <algorithm>

namespace veil::ui {

QTableWidgetItem* figureItem(const QString& text, const QVariant& value, const QString& tip) {
    auto* item = new QTableWidgetItem(text);
    item->setData(Qt::UserRole, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!tip.isEmpty()) item->setToolTip(tip);
    return item;
}

namespace {

class SortableFigureItem final : public QTableWidgetItem {
public:
    using QTableWidgetItem::QTableWidgetItem;
    bool operator<(const QTableWidgetItem& other) const override {
        return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
    }
};

}  // namespace

QTableWidgetItem* sortableFigureItem(const QString& text, double value, const QString& tip) {
    auto* item = new SortableFigureItem(text);
    item->setData(Qt::UserRole, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!tip.isEmpty()) item->setToolTip(tip);
    return item;
}

void setHeaders(QTableWidget* table, const QStringList& labels, const QStringList& tips) {
    for (int c = 0; c < labels.size(); ++c) {
        auto* item = new QTableWidgetItem(labels[c]);
        item->setToolTip(tips.value(c));
        table->setHorizontalHeaderItem(c, item);
    }
}

QTableWidget* figuresTable(const QStringList& rows, const QStringList& rowTips, const QStringList& columns,
                           const QStringList& columnTips, QWidget* parent) {
    auto* table = new QTableWidget(int(rows.size()), int(columns.size()), parent);
    setHeaders(table, columns, columnTips);
    for (int r = 0; r < rows.size(); ++r) {
        auto* header = new QTableWidgetItem(rows[r]);
        header->setToolTip(rowTips.value(r));
        table->setVerticalHeaderItem(r, header);
    }
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    fitTableHeight(table);
    return table;
}

void fitTableHeight(QTableWidget* table, int maxRows, bool laidOut) {
    const int rows = maxRows < 0 ? table->rowCount() : std::min(table->rowCount(), maxRows);
    int height = table->horizontalHeader()->sizeHint().height() + 2 * table->frameWidth() + 2;
    for (int r = 0; r < rows; ++r)
        height += laidOut ? table->verticalHeader()->sectionSize(r) : table->verticalHeader()->sectionSizeHint(r);
    if (table->rowCount() == 0) height += table->verticalHeader()->defaultSectionSize();
    table->setFixedHeight(height);
}

}  // namespace veil::ui
