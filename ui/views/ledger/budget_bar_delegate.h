// BudgetBarDelegate: draws BudgetModel's Used column as a progress bar (spent / budget).
#pragma once

#include <QStyledItemDelegate>

namespace veil::ui {

class BudgetBarDelegate final : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace veil::ui
