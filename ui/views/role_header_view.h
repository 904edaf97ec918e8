// RoleHeaderView: a horizontal header that underlines each column in its attribute role's colour
// (identifier red, quasi-identifier amber, sensitive purple; insensitive plain), independent of
// whether the widget style honours header background colours.
#pragma once

#include <QHeaderView>

namespace veil::ui {

class RoleHeaderView final : public QHeaderView {
    Q_OBJECT

public:
    explicit RoleHeaderView(QWidget* parent = nullptr);

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;
};

}  // namespace veil::ui
