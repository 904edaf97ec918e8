// The release report printed to PDF (report_pdf.h), offscreen: the adult k = 5 report of the
// Anonymize view and a long report with wrapping rows. Checked on the printed layout with code of
// its own: no table row crosses a page break, no number shows more than 6 significant digits,
// figures fit the text width, the last page holds more than one line, and the PDF has the pages
// of the layout. The long fixture is shown to split rows when laid out naively (so the test can fail).
#include "adult_fixture.h"
#include "ui_test_support.h"

#include "document/document.h"
#include "views/anonymization/anonymization_release.h"
#include "views/anonymization/hierarchy_editor.h"
#include "views/release/report_pdf.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/release/release_bundle.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>

#include <cmath>

using namespace veil;
using namespace veil::ui;

namespace {

std::vector<QTextTable*> allTables(QTextFrame* frame) {
    std::vector<QTextTable*> out;
    for (QTextFrame* child : frame->childFrames()) {
        if (auto* t = qobject_cast<QTextTable*>(child)) out.push_back(t);
        for (QTextTable* inner : allTables(child)) out.push_back(inner);
    }
    return out;
}

// Rows whose lines lie on two pages ("table t row r: pages a-b").
QStringList rowsAcrossPages(const QTextDocument& doc) {
    QStringList out;
    const double h = doc.pageSize().height();
    const auto tables = allTables(doc.rootFrame());
    for (std::size_t t = 0; t < tables.size(); ++t) {
        const QRectF frame = doc.documentLayout()->frameBoundingRect(tables[t]);
        for (int r = 0; r < tables[t]->rows(); ++r) {
            double top = 1e300, bottom = -1e300;
            for (int c = 0; c < tables[t]->columns(); ++c) {
                const QTextTableCell cell = tables[t]->cellAt(r, c);
                for (QTextBlock b = doc.findBlock(cell.firstPosition());
                     b.isValid() && b.position() <= cell.lastPosition(); b = b.next()) {
                    const QRectF rect = doc.documentLayout()->blockBoundingRect(b);
                    // Document coordinates: inside the table's frame.
                    if (rect.top() < frame.top() - 1 || rect.bottom() > frame.bottom() + 1)
                        out << QStringLiteral("table %1 row %2 outside its frame").arg(t).arg(r);
                    const QTextLayout* layout = b.layout();
                    for (int i = 0; layout && i < layout->lineCount(); ++i) {
                        top = std::min(top, rect.top() + layout->lineAt(i).y());
                        bottom = std::max(bottom, rect.top() + layout->lineAt(i).y() + layout->lineAt(i).height());
                    }
                }
            }
            if (top <= bottom && std::floor(top / h) != std::floor((bottom - 1) / h))
                out << QStringLiteral("table %1 row %2: pages %3-%4")
                           .arg(t)
                           .arg(r)
                           .arg(std::floor(top / h))
                           .arg(std::floor((bottom - 1) / h));
        }
    }
    return out;
}

int linesOnLastPage(const QTextDocument& doc) {
    const double h = doc.pageSize().height();
    int lines = 0;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        const QRectF rect = doc.documentLayout()->blockBoundingRect(b);
        for (int i = 0; b.layout() && i < b.layout()->lineCount(); ++i)
            if (int(std::floor((rect.top() + b.layout()->lineAt(i).y() + 1) / h)) == doc.pageCount() - 1) ++lines;
    }
    return lines;
}

// Decimal numbers with more than 6 significant digits in `text`.
QStringList longNumbers(const QString& text) {
    static const QRegularExpression number(QStringLiteral("\\d+\\.\\d+"));
    QStringList out;
    for (auto it = number.globalMatch(text); it.hasNext();) {
        const QString n = it.next().captured();
        QString digits = n;
        digits.remove(QLatin1Char('.'));
        while (digits.startsWith(QLatin1Char('0'))) digits.remove(0, 1);
        if (digits.size() > 6) out << n;
    }
    return out;
}

// A report with 45 key numbers that wrap over several lines, long numbers, a wide figure and a
// Files list at the end. Its one table has attributes of its own, which its continuations on the
// following pages keep.
QString longReport() {
    QString h = QStringLiteral(
        "<html><head><title>Long</title><style>td,th{padding:4px 10px}</style></head><body>"
        "<h1>Long report</h1><h2>Key numbers</h2><table cellspacing=0 cellpadding=3 border=1>");
    for (int i = 0; i < 45; ++i) {
        h += QStringLiteral("<tr><th>measure %1</th><td>").arg(i);
        for (int w = 0; w < 8 + (i * 7) % 30; ++w) h += QStringLiteral("value word ");
        h += QStringLiteral("0.2306558570112438 and 130.0000000023283</td></tr>");
    }
    h += QStringLiteral(
        "</table><h2>Figure</h2><svg xmlns='http://www.w3.org/2000/svg' width='2400' height='300'>"
        "<rect x='0' y='0' width='2400' height='300' fill='#3b6ea5'/></svg>"
        "<h2>Files</h2><ul><li><code>data.csv</code> (12 bytes)</li></ul></body></html>");
    return h;
}

}  // namespace

class TestReportPrint : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void printsForPaper_data();
    void printsForPaper();

private:
    QString m_adultHtml;
};

void TestReportPrint::initTestCase() {
    QTemporaryDir dir;
    ReleaseSession session;
    QVERIFY(session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    Document document;
    JobMonitor jobs;
    WorkbenchContext context{&document, &jobs, nullptr, &session};
    AnonymizationView view(context);
    document.reset(adult_fixture::adultWithRoles(), adult_fixture::kAdult);
    view.hierarchyEditor()->loadBundledHierarchies();
    QCOMPARE(view.state()->settings().k, 5);
    QVERIFY(adult_fixture::runAndWait(view));
    QVERIFY(view.state()->run() && view.state()->run()->result.found);
    const release::ReleaseOutcome outcome = anonymizationReleaseOutcome(*view.state()->run());
    m_adultHtml = QString::fromStdString(release::renderReportHtml(outcome, release::buildManifest(outcome)));
}

void TestReportPrint::printsForPaper_data() {
    QTest::addColumn<QString>("html");
    QTest::addColumn<bool>("naiveSplitsRows");
    QTest::newRow("adult k=5") << m_adultHtml << false;
    QTest::newRow("long wrapping rows") << longReport() << true;
}

void TestReportPrint::printsForPaper() {
    QFETCH(QString, html);
    QFETCH(bool, naiveSplitsRows);
    QByteArray scratch;
    QBuffer buffer(&scratch);
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    QPdfWriter writer(&buffer);
    setUpReportPage(writer);
    if (naiveSplitsRows) {
        // The fixture is a hard one: laid out as it is, rows cross page breaks.
        QTextDocument naive;
        naive.documentLayout()->setPaintDevice(&writer);
        naive.setHtml(html);
        naive.setPageSize(QSizeF(writer.width(), writer.height()));
        QVERIFY(!rowsAcrossPages(naive).isEmpty());
        QVERIFY(!longNumbers(naive.toPlainText()).isEmpty());
    }
    const std::unique_ptr<QTextDocument> doc = layoutReport(html, writer);
    QVERIFY(doc->pageCount() >= 1);
    QCOMPARE(doc->pageSize(), QSizeF(writer.width(), writer.height()));
    const QStringList crossing = rowsAcrossPages(*doc);
    QVERIFY2(crossing.isEmpty(), qPrintable(crossing.join(QStringLiteral("; "))));
    if (naiveSplitsRows) {
        // The one table of the fixture went on over pages: each part keeps its attributes.
        const auto tables = allTables(doc->rootFrame());
        QVERIFY(tables.size() > 1);
        for (QTextTable* t : tables) {
            QCOMPARE(t->format().cellSpacing(), 0.0);
            QCOMPARE(t->format().cellPadding(), 3.0);
            QCOMPARE(t->format().border(), 1.0);
        }
    }
    const QStringList numbers = longNumbers(doc->toPlainText());
    QVERIFY2(numbers.isEmpty(), qPrintable(numbers.join(QStringLiteral(", "))));
    // (Digits are counted as significant ones: 0.000663086 has six, shown as a reader reads it.)
    if (doc->pageCount() > 1) QVERIFY2(linesOnLastPage(*doc) > 1, qPrintable(QString::number(linesOnLastPage(*doc))));
    // Figures: no wider than the text (in CSS pixels, 1/96 inch).
    const double textWidthPx = writer.width() * 96.0 / writer.logicalDpiX();
    int images = 0;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isImageFormat()) {
                ++images;
                const QTextImageFormat f = it.fragment().charFormat().toImageFormat();
                QVERIFY2(f.width() <= textWidthPx + 0.5, qPrintable(QString::number(f.width())));
                QVERIFY(f.width() >= textWidthPx * 0.5);
            }
    QVERIFY(images >= 1);

    // The PDF prints that layout: one page object per laid-out page.
    QString error;
    const QByteArray pdf = renderReportPdf(html, &error);
    QVERIFY2(pdf.startsWith("%PDF"), qPrintable(error));
    static const QRegularExpression pageObject(QStringLiteral("/Type\\s*/Page(?!s)"));
    QCOMPARE(int(QString::fromLatin1(pdf).count(pageObject)), doc->pageCount());

    // With VEIL_SCREENSHOT_DIR set: each page as a picture.
    const QString shots = qEnvironmentVariable("VEIL_SCREENSHOT_DIR");
    for (int p = 0; !shots.isEmpty() && p < doc->pageCount(); ++p) {
        const double scale = 700.0 / writer.width();
        QImage image(QSize(700, int(writer.height() * scale)), QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.scale(scale, scale);
        painter.translate(0, -p * doc->pageSize().height());
        QAbstractTextDocumentLayout::PaintContext ctx;
        ctx.clip = QRectF(0, p * doc->pageSize().height(), doc->pageSize().width(), doc->pageSize().height());
        painter.setClipRect(ctx.clip);
        doc->documentLayout()->draw(&painter, ctx);
        painter.end();
        image.save(QStringLiteral("%1/report-%2-page%3.png")
                       .arg(shots, naiveSplitsRows ? QStringLiteral("long") : QStringLiteral("adult"))
                       .arg(p + 1));
    }
}

QTEST_MAIN(TestReportPrint)
#include "tst_report_print.moc"
