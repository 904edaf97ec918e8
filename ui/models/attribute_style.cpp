#include "models/attribute_style.h"

#include <QPainter>
#include <QPixmap>

namespace veil::ui {

QString roleLabel(AttributeRole role) {
    switch (role) {
        case AttributeRole::Identifier:
            return QStringLiteral("Identifier");
        case AttributeRole::QuasiIdentifier:
            return QStringLiteral("Quasi-identifier");
        case AttributeRole::Sensitive:
            return QStringLiteral("Sensitive");
        case AttributeRole::Insensitive:
            return QStringLiteral("Insensitive");
    }
    return {};
}

QString typeLabel(ColumnType type) {
    switch (type) {
        case ColumnType::Integer:
            return QStringLiteral("Integer");
        case ColumnType::Real:
            return QStringLiteral("Real");
        case ColumnType::Date:
            return QStringLiteral("Date");
        case ColumnType::Categorical:
            return QStringLiteral("Categorical");
        case ColumnType::Text:
            return QStringLiteral("Text");
    }
    return {};
}

QString roleDescription(AttributeRole role) {
    switch (role) {
        case AttributeRole::Identifier:
            return QStringLiteral("Identifies a person directly; removed on release.");
        case AttributeRole::QuasiIdentifier:
            return QStringLiteral("Identifies in combination with other data; generalized on release.");
        case AttributeRole::Sensitive:
            return QStringLiteral("Must not be linked to a person; protected by the privacy model.");
        case AttributeRole::Insensitive:
            return QStringLiteral("Released as is.");
    }
    return {};
}

QColor roleColor(AttributeRole role) {
    switch (role) {
        case AttributeRole::Identifier:
            return QColor(0xc6, 0x28, 0x28);  // red
        case AttributeRole::QuasiIdentifier:
            return QColor(0xe0, 0x8a, 0x00);  // amber
        case AttributeRole::Sensitive:
            return QColor(0x7b, 0x3f, 0xa8);  // purple
        case AttributeRole::Insensitive:
            return QColor(0x8a, 0x94, 0x9e);  // grey
    }
    return {};
}

QColor roleTint(AttributeRole role) {
    if (role == AttributeRole::Insensitive) return {};
    QColor c = roleColor(role);
    // Blend 25% of the role colour into white: readable text, visible tint.
    const float a = 0.25f;
    return QColor::fromRgbF(1.0f - a + a * c.redF(), 1.0f - a + a * c.greenF(), 1.0f - a + a * c.blueF());
}

namespace {

QIcon paintRoleIcon(AttributeRole role) {
    QIcon icon;
    for (int size : {12, 16, 24, 32}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const QColor c = roleColor(role);
        p.setPen(QPen(c.darker(130), size / 12.0));
        // Insensitive (the default) is a hollow ring, so that protected columns stand out.
        p.setBrush(role == AttributeRole::Insensitive ? QBrush(Qt::NoBrush) : QBrush(c));
        const double m = size * 0.2;
        p.drawEllipse(QRectF(m, m, size - 2 * m, size - 2 * m));
        icon.addPixmap(pm);
    }
    return icon;
}

}  // namespace

QIcon roleIcon(AttributeRole role) {
    // Painted once: the header asks for these on every repaint.
    static const std::array<QIcon, kAllRoles.size()> icons = [] {
        std::array<QIcon, kAllRoles.size()> out;
        for (AttributeRole r : kAllRoles) out[std::size_t(r)] = paintRoleIcon(r);
        return out;
    }();
    return icons[std::size_t(role)];
}

}  // namespace veil::ui
