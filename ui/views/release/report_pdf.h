// Renders a release report (report.html, with inline SVG charts) to PDF with Qt: the charts are
// drawn by QSvgRenderer into images that the text document embeds.
#pragma once

#include <QString>

namespace veil::ui {

// Returns an empty string on success, otherwise what went wrong.
QString writeReportPdf(const QString& html, const QString& pdfPath);

}  // namespace veil::ui
