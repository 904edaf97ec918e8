#include "views/release/report_pdf.h"

#include "panels/display_number.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <optional>

namespace veil::ui {

namespace {

constexpr int kMaxPasses = 200;

struct Chart {
    QString name;
    QImage image;
};

// Replaces each inline SVG by an image as wide as the text (`textWidthPx`, CSS pixels), no taller
// than `maxHeightPx`; QTextDocument does not draw SVG.
QString chartsAsImages(QString text, double textWidthPx, double maxHeightPx, std::vector<Chart>& charts) {
    static const QRegularExpression svgRe(QStringLiteral("<svg[^>]*>.*?</svg>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    QRegularExpressionMatch m;
    while ((m = svgRe.match(text)).hasMatch()) {
        QSvgRenderer renderer(m.captured(0).toUtf8());
        const QSize size = renderer.defaultSize().isValid() ? renderer.defaultSize() * 2 : QSize(1280, 400);
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        renderer.render(&painter);
        painter.end();
        const QString name = QStringLiteral("chart-%1.png").arg(charts.size());
        charts.push_back({name, image});
        const double aspect = double(size.height()) / std::max(1, size.width());
        const double width = std::min(textWidthPx, maxHeightPx / std::max(aspect, 1e-9));
        text.replace(m.capturedStart(0), m.capturedLength(0),
                     QStringLiteral("<p><img src=\"%1\" width=\"%2\" height=\"%3\"></p>")
                         .arg(name)
                         .arg(int(width))
                         .arg(int(width * aspect)));
    }
    return text;
}

// Rounds the numbers of the text between tags (not in <code>: paths, hashes).
QString roundedForDisplay(const QString& html) {
    static const QRegularExpression tagRe(QStringLiteral("<[^>]*>"));
    QString out;
    qsizetype from = 0;
    int inCode = 0;
    for (auto it = tagRe.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch tag = it.next();
        const QString text = html.mid(from, tag.capturedStart() - from);
        out += inCode > 0 ? text : roundNumbersInText(text);
        out += tag.captured();
        if (tag.captured().startsWith(QStringLiteral("<code"), Qt::CaseInsensitive)) ++inCode;
        if (tag.captured().startsWith(QStringLiteral("</code"), Qt::CaseInsensitive)) inCode = std::max(0, inCode - 1);
        from = tag.capturedEnd();
    }
    return out + html.mid(from);
}

int pageOf(double y, double pageHeight) { return int(std::floor(y / pageHeight)); }

// Top and bottom of the lines of `block` in document coordinates.
std::pair<double, double> blockExtent(const QTextDocument& doc, const QTextBlock& block) {
    const QRectF r = doc.documentLayout()->blockBoundingRect(block);
    return {r.top(), r.bottom()};
}

std::vector<QTextTable*> tablesOf(QTextFrame* frame) {
    std::vector<QTextTable*> out;
    for (QTextFrame* child : frame->childFrames()) {
        if (auto* table = qobject_cast<QTextTable*>(child)) out.push_back(table);
        for (QTextTable* inner : tablesOf(child)) out.push_back(inner);
    }
    return out;
}

// Index of the `n`-th (0-based) occurrence of `open` in `html`, or -1.
qsizetype nthTag(const QString& html, const QString& open, int n, qsizetype from = 0) {
    qsizetype at = from - 1;
    for (int i = 0; i <= n; ++i)
        if ((at = html.indexOf(open, at + 1, Qt::CaseInsensitive)) < 0) return -1;
    return at;
}

// The opening tag of the table at `tableAt` for its continuation on the next page: the same
// attributes (cellspacing, cellpadding, border, width, …) with a page break before it.
QString continuationTag(const QString& html, qsizetype tableAt) {
    const qsizetype end = html.indexOf(QLatin1Char('>'), tableAt);
    QString tag = end < 0 ? QStringLiteral("<table>") : html.mid(tableAt, end + 1 - tableAt);
    static const QRegularExpression style(QStringLiteral("\\bstyle\\s*=\\s*([\"'])"),
                                          QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = style.match(tag);
    if (m.hasMatch())
        tag.insert(m.capturedEnd(), QStringLiteral("page-break-before: always; "));
    else
        tag.insert(6, QStringLiteral(" style=\"page-break-before: always\""));  // after "<table"
    return tag;
}

// The first row that crosses a page break: the table continues on the next page from that row.
std::optional<QString> splitCrossingRow(const QTextDocument& doc, const QString& html) {
    const double pageHeight = doc.pageSize().height();
    const std::vector<QTextTable*> tables = tablesOf(doc.rootFrame());
    for (std::size_t t = 0; t < tables.size(); ++t) {
        QTextTable* table = tables[t];
        for (int r = 1; r < table->rows(); ++r) {
            double top = 1e300, bottom = -1e300;
            for (int c = 0; c < table->columns(); ++c) {
                const QTextTableCell cell = table->cellAt(r, c);
                for (QTextBlock b = doc.findBlock(cell.firstPosition());
                     b.isValid() && b.position() <= cell.lastPosition(); b = b.next()) {
                    const auto [blockTop, blockBottom] = blockExtent(doc, b);
                    top = std::min(top, blockTop);
                    bottom = std::max(bottom, blockBottom);
                }
            }
            if (top > bottom || pageOf(top, pageHeight) == pageOf(bottom - 1, pageHeight)) continue;
            const qsizetype tableAt = nthTag(html, QStringLiteral("<table"), int(t));
            const qsizetype rowAt = tableAt < 0 ? -1 : nthTag(html, QStringLiteral("<tr"), r, tableAt);
            if (rowAt < 0) return std::nullopt;
            QString out = html;
            out.insert(rowAt, QStringLiteral("</table>") + continuationTag(html, tableAt));
            return out;
        }
    }
    return std::nullopt;
}

// A heading left at the foot of a page (its next block starts on the next one): it moves over.
std::optional<QString> keepHeadingWithNext(const QTextDocument& doc, const QString& html) {
    const double pageHeight = doc.pageSize().height();
    int heading = -1;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() != 2) continue;
        ++heading;
        const QTextBlock next = b.next();
        if (!next.isValid() || b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) continue;
        const double top = blockExtent(doc, b).first;
        const double nextTop = blockExtent(doc, next).first;
        if (pageOf(top, pageHeight) == pageOf(nextTop, pageHeight)) continue;
        const qsizetype at = nthTag(html, QStringLiteral("<h2"), heading);
        if (at < 0) return std::nullopt;
        QString out = html;
        out.insert(at + 3, QStringLiteral(" style=\"page-break-before: always\""));
        return out;
    }
    return std::nullopt;
}

// Lines on the last page.
int linesOnLastPage(const QTextDocument& doc) {
    const double pageHeight = doc.pageSize().height();
    const int last = doc.pageCount() - 1;
    int lines = 0;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        const QRectF r = doc.documentLayout()->blockBoundingRect(b);
        const QTextLayout* layout = b.layout();
        for (int i = 0; layout && i < layout->lineCount(); ++i)
            if (pageOf(r.top() + layout->lineAt(i).y() + 1, pageHeight) == last) ++lines;
    }
    return lines;
}

// One line alone on the last page: the last section (from its heading) starts that page instead.
std::optional<QString> avoidLoneLastLine(const QTextDocument& doc, const QString& html) {
    if (doc.pageCount() < 2 || linesOnLastPage(doc) > 1) return std::nullopt;
    const double pageHeight = doc.pageSize().height();
    int heading = -1, lastHeading = -1;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        if (b.blockFormat().headingLevel() == 2) {
            ++heading;
            // Only a heading on the page before the last, not at its top: the move then fills the
            // last page without emptying the one before.
            const double top = blockExtent(doc, b).first;
            if (pageOf(top, pageHeight) == doc.pageCount() - 2 &&
                top - (doc.pageCount() - 2) * pageHeight > pageHeight / 4 &&
                !(b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore))
                lastHeading = heading;
        }
    const qsizetype at = lastHeading < 0 ? -1 : nthTag(html, QStringLiteral("<h2"), lastHeading);
    if (at < 0) return std::nullopt;
    QString out = html;
    out.insert(at + 3, QStringLiteral(" style=\"page-break-before: always\""));
    return out;
}

// Prints the report into `device` (a file or a buffer, open for writing).
void printReport(const QString& html, QIODevice& device) {
    QPdfWriter writer(&device);
    setUpReportPage(writer);
    const std::unique_ptr<QTextDocument> doc = layoutReport(html, writer);
    writer.setTitle(doc->metaInformation(QTextDocument::DocumentTitle));
    writer.setCreator(QStringLiteral("Veil"));
    QPainter painter(&writer);
    const QSizeF page = doc->pageSize();
    for (int p = 0; p < doc->pageCount(); ++p) {
        if (p > 0) writer.newPage();
        painter.save();
        painter.translate(0, -p * page.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, p * page.height(), page.width(), page.height());
        painter.setClipRect(context.clip);
        doc->documentLayout()->draw(&painter, context);
        painter.restore();
    }
}

}  // namespace

void setUpReportPage(QPagedPaintDevice& device) {
    device.setPageSize(QPageSize(QPageSize::A4));
    device.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
}

std::unique_ptr<QTextDocument> layoutReport(const QString& html, QPagedPaintDevice& device) {
    auto doc = std::make_unique<QTextDocument>();
    // Lay out for the page's device pixels; CSS pixels are 1/96 inch.
    doc->documentLayout()->setPaintDevice(&device);
    doc->setPageSize(QSizeF(device.width(), device.height()));
    const double cssPx = 96.0 / std::max(1, device.logicalDpiX());
    std::vector<Chart> charts;
    QString text =
        roundedForDisplay(chartsAsImages(html, device.width() * cssPx * 0.98, device.height() * cssPx * 0.45, charts));
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        doc->clear();
        for (const Chart& c : charts) doc->addResource(QTextDocument::ImageResource, QUrl(c.name), c.image);
        doc->setHtml(text);
        doc->setPageSize(QSizeF(device.width(), device.height()));
        std::optional<QString> fixed = splitCrossingRow(*doc, text);
        if (!fixed) fixed = keepHeadingWithNext(*doc, text);
        if (!fixed) fixed = avoidLoneLastLine(*doc, text);
        if (!fixed) break;
        text = *fixed;
    }
    return doc;
}

QByteArray renderReportPdf(const QString& html, QString* error) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    if (!buffer.open(QIODevice::WriteOnly)) {
        if (error) *error = buffer.errorString();
        return {};
    }
    printReport(html, buffer);
    buffer.close();
    if (!bytes.startsWith("%PDF")) {
        if (error) *error = QStringLiteral("the PDF writer produced no document");
        return {};
    }
    return bytes;
}

QString writeReportPdf(const QString& html, const QString& pdfPath) {
    QSaveFile file(pdfPath);
    if (!file.open(QIODevice::WriteOnly)) return file.errorString();
    printReport(html, file);
    if (!file.commit()) return file.errorString();
    return {};
}

}  // namespace veil::ui
