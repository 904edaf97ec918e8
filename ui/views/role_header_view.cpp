#include "views/role_header_view.h"

#include "models/attribute_style.h"
#include "models/table_model.h"

#include <QPainter>

#include <algorithm>

namespace veil::ui {

RoleHeaderView::RoleHeaderView(QWidget* parent) : QHeaderView(Qt::Horizontal, parent) {
    setSectionsClickable(true);
    setHighlightSections(true);
}

void RoleHeaderView::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const {
    painter->save();
    QHeaderView::paintSection(painter, rect, logicalIndex);
    painter->restore();
    if (!model()) return;
    const QVariant value = model()->headerData(logicalIndex, Qt::Horizontal, TableModel::AttributeRoleRole);
    if (!value.isValid()) return;
    const auto role = AttributeRole(value.toInt());
    if (role == AttributeRole::Insensitive) return;
    const int thickness = std::max(3, fontMetrics().height() / 6);
    painter->fillRect(QRect(rect.left() + 1, rect.bottom() - thickness + 1, rect.width() - 2, thickness),
                      roleColor(role));
}

}  // namespace veil::ui
