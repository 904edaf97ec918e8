// Renders a release report (report.html, with inline SVG charts) to PDF with Qt, laid out for
// print: the charts are drawn by QSvgRenderer into images as wide as the text, numbers are rounded
// for display (displayNumber; the bundle's JSON and CSV keep full precision), a table row never
// crosses a page break (the table goes on on the next page), a heading never ends a page, and the
// last page does not hold a lone line when the last section can move over whole.
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

class QPagedPaintDevice;
class QTextDocument;

namespace veil::ui {

// The PDF bytes of the report; on failure an empty array and `error` says why.
QByteArray renderReportPdf(const QString& html, QString* error = nullptr);

// Returns an empty string on success, otherwise what went wrong.
QString writeReportPdf(const QString& html, const QString& pdfPath);

// The page the report is printed on: A4, 15 mm margins.
void setUpReportPage(QPagedPaintDevice& device);
// The report laid out on the pages of `device` (set up by setUpReportPage) exactly as it is
// printed: page size in device pixels, one page per pageSize().height().
std::unique_ptr<QTextDocument> layoutReport(const QString& html, QPagedPaintDevice& device);

}  // namespace veil::ui
