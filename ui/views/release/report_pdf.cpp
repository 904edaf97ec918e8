#include "views/release/report_pdf.h"

#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QTextDocument>
#include <QUrl>

namespace veil::ui {

QString writeReportPdf(const QString& html, const QString& pdfPath) {
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
        text.replace(m.capturedStart(0), m.capturedLength(0),
                     QStringLiteral("<img src=\"%1\" width=\"%2\">").arg(name).arg(size.width() / 2));
    }
    doc.setHtml(text);
    QSaveFile file(pdfPath);
    if (!file.open(QIODevice::WriteOnly)) return file.errorString();
    {
        QPdfWriter writer(&file);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setTitle(doc.metaInformation(QTextDocument::DocumentTitle));
        writer.setCreator(QStringLiteral("Veil"));
        doc.setPageSize(QSizeF(writer.width(), writer.height()));
        doc.print(&writer);
    }
    if (!file.commit()) return file.errorString();
    return {};
}

}  // namespace veil::ui
