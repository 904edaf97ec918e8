// How attribute roles and column types look in the UI: labels, colours, icons. One place, so the
// table header, the context menu and the side panel agree.
#pragma once

#include "veil/table/column.h"

#include <QColor>
#include <QIcon>
#include <QString>

#include <array>

namespace veil::ui {

inline constexpr std::array<AttributeRole, 4> kAllRoles = {AttributeRole::Identifier, AttributeRole::QuasiIdentifier,
                                                           AttributeRole::Sensitive, AttributeRole::Insensitive};
inline constexpr std::array<ColumnType, 5> kAllTypes = {ColumnType::Integer, ColumnType::Real, ColumnType::Date,
                                                        ColumnType::Categorical, ColumnType::Text};

// "Quasi-identifier", "Integer": capitalised, for menus and labels.
QString roleLabel(AttributeRole role);
QString typeLabel(ColumnType type);
// One sentence on what the role means, for tooltips.
QString roleDescription(AttributeRole role);
// Strong colour of a role (icon) and a light tint (header background; invalid for insensitive).
QColor roleColor(AttributeRole role);
QColor roleTint(AttributeRole role);
// A small round badge in the role's colour.
QIcon roleIcon(AttributeRole role);

}  // namespace veil::ui
