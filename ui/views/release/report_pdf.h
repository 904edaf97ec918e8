// Renders a release report (report.html, with inline SVG charts) to PDF with Qt: the charts are
// drawn by QSvgRenderer into images that the text document embeds.
#pragma once

#include <QByteArray>
#include <QString>

namespace veil::ui {

// The PDF bytes of the report; on failure an empty array and `error` says why.
QByteArray renderReportPdf(const QString& html, QString* error = nullptr);

// Returns an empty string on success, otherwise what went wrong.
QString writeReportPdf(const QString& html, const QString& pdfPath);

}  // namespace veil::ui
