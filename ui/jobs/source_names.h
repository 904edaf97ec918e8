// How the window names a table source: a file by its name, a database source (sqlite:...,
// postgresql://...) by its table or "query" and its database — never with its password.
#pragma once

#include <QString>

namespace veil::ui {

// True for sqlite:... and postgresql://... sources.
bool isDatabaseSourceUri(const QString& source);
// The source with its password removed: what settings, projects and recent files may keep.
QString storableSource(const QString& source);
// The source with its password shown as ***: for messages.
QString redactedSource(const QString& source);
// A short name for titles, menus and the status bar: "people.csv", "people — survey.db",
// "query — veil (PostgreSQL)".
QString sourceDisplayName(const QString& source);

}  // namespace veil::ui
