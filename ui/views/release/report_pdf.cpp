#include "views/release/report_pdf.h"

#include <QBuffer>

#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>

namespace veil::ui {

namespace {

// Prints the report into `device` (a file or a buffer, open for writing).
void printReport(const QString& html, QIODevice& device) {
    QTextDocument doc;
    QString text = html;
    // QTextDocument does not draw inline SVG: render each chart to an image resource.
    static const QRegularExpression svgRe(QStringLiteral("<svg[^>]*>.*?</svg>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    int index = 0;
    QRegularExpressionMatch m;
    while ((m = svgRe.match(text)).hasMatch()) {
        QSvgRenderer renderer(m.captured(0).toUtf8());
        const QSize size = renderer.defaultSize().isValid() ? renderer.defaultSize() * 2 : QSize(1280, 400);
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        renderer.render(&painter);
        painter.end();
        const QString name = QStringLiteral("chart-%1.png").arg(index++);
        doc.addResource(QTextDocument::ImageResource, QUrl(name), image);
        // At most the text width of an A4 page (about 640 px at 96 dpi), never wider than drawn;
        // both dimensions given, so that the layout keeps the picture's proportions.
        const int shown = std::min(size.width() / 2, 640);
        text.replace(m.capturedStart(0), m.capturedLength(0),
                     QStringLiteral("<p><img src=\"%1\" width=\"%2\" height=\"%3\"></p>")
                         .arg(name)
                         .arg(shown)
                         .arg(shown * size.height() / std::max(1, size.width())));
    }
    doc.setHtml(text);
    QPdfWriter writer(&device);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setTitle(doc.metaInformation(QTextDocument::DocumentTitle));
    writer.setCreator(QStringLiteral("Veil"));
    writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    // No page size on the document: print() then lays it out on the page in points and scales it
    // to the writer's resolution (a page size in device pixels would shrink the text to a speck).
    doc.print(&writer);
}

}  // namespace

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
