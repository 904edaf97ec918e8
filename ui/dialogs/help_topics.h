// Where the help pages are and which page belongs to which view: the user guide (docs/user-guide.md)
// and the algorithm pages (docs/algorithms/*.md), read from the installed share/veil/docs or from
// the source tree the build came from.
#pragma once

#include <QString>

namespace veil::ui {

// The docs folder holding user-guide.md, or "" when none is found.
QString helpDocsDirectory();

// The page (relative to the docs folder) explaining view `viewId` ("data", "anonymize",
// "mechanisms", ...); the user guide for a view without its own page.
QString helpPageForView(const QString& viewId);

// The page of a method chosen in a view ("exponential", "smooth", ...), or "" for the view's page.
QString helpPageForMethod(const QString& methodKey);

inline QString userGuidePage() { return QStringLiteral("user-guide.md"); }
inline QString algorithmsIndexPage() { return QStringLiteral("algorithms/README.md"); }

}  // namespace veil::ui
