// Presentation mode, offscreen: View > Presentation Mode and Ctrl +/−/0 scale every widget font
// (inherited or set explicitly) and every chart font (title, legend, axes, whether the chart was
// built before or after the zoom) by the zoom factor; Ctrl 0 gives the original sizes back; the
// factor survives a restart (QSettings).
#include "ui_test_support.h"
#include "charts/dp_chart_style.h"
#include "main_window.h"
#include "workbench/presentation_zoom.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QValueAxis>

using veil::ui::MainWindow;
using veil::ui::PresentationZoom;
namespace dp_chart = veil::ui::dp_chart;

namespace {

// A chart styled by the DP views' helper (explicit title, legend and axis fonts).
QChartView* newChartView() {
    QChart* chart = dp_chart::newChart(QStringLiteral("Noise"));
    auto* series = new QLineSeries;
    series->append(0, 0);
    series->append(1, 1);
    chart->addSeries(series);
    dp_chart::attach(chart, dp_chart::valueAxis(QStringLiteral("value"), 0, 1), Qt::AlignBottom);
    auto* view = new QChartView(chart);
    view->resize(500, 350);
    return view;
}

QAbstractAxis* firstAxis(QChartView* view) { return view->chart()->axes().value(0); }

// A label of the window inheriting its font and one with a font set explicitly (the welcome title).
QLabel* labelWith(MainWindow& window, bool explicitFont) {
    for (QLabel* label : window.findChildren<QLabel*>())
        if (label->testAttribute(Qt::WA_SetFont) == explicitFont && !label->text().isEmpty() &&
            label->styleSheet().isEmpty())
            return label;
    return nullptr;
}

}  // namespace

class TestPresentationZoom : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void presentationModeScalesTextAndCharts();
    void keysZoomAndCtrl0Restores();
    void factorPersists();
};

void TestPresentationZoom::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("VeilTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_presentation_zoom"));
    QSettings().clear();
}

void TestPresentationZoom::presentationModeScalesTextAndCharts() {
    MainWindow window;
    window.show();
    std::unique_ptr<QChartView> before(newChartView());
    before->show();
    QLabel* plain = labelWith(window, false);
    QLabel* styled = labelWith(window, true);
    QVERIFY(plain && styled);
    const double plainSize = plain->font().pointSizeF();
    const double styledSize = styled->font().pointSizeF();
    const double axisSize = firstAxis(before.get())->labelsFont().pointSizeF();
    const double axisTitleSize = firstAxis(before.get())->titleFont().pointSizeF();
    const double titleSize = before->chart()->titleFont().pointSizeF();
    const double legendSize = before->chart()->legend()->font().pointSizeF();
    QVERIFY(plainSize > 0 && styledSize > plainSize && axisSize > 0);

    auto* action = window.findChild<QAction*>(QStringLiteral("presentationModeAction"));
    QVERIFY(action && action->isCheckable());
    action->trigger();
    const double f = PresentationZoom::kPresentationFactor;
    QCOMPARE(window.zoom()->factor(), f);
    QVERIFY(action->isChecked());
    QCOMPARE(plain->font().pointSizeF(), plainSize * f);
    QCOMPARE(styled->font().pointSizeF(), styledSize * f);
    QCOMPARE(firstAxis(before.get())->labelsFont().pointSizeF(), axisSize * f);
    QCOMPARE(firstAxis(before.get())->titleFont().pointSizeF(), axisTitleSize * f);
    QCOMPARE(before->chart()->titleFont().pointSizeF(), titleSize * f);
    QCOMPARE(before->chart()->legend()->font().pointSizeF(), legendSize * f);

    // A chart built while zoomed is zoomed when it is drawn.
    std::unique_ptr<QChartView> after(newChartView());
    after->show();
    after->grab();
    QCOMPARE(firstAxis(after.get())->labelsFont().pointSizeF(), axisSize * f);
    QCOMPARE(after->chart()->titleFont().pointSizeF(), titleSize * f);
    window.resize(1400, 900);
    ui_test::saveScreenshot(window, QStringLiteral("presentation-mode.png"));
    if (qEnvironmentVariableIsSet("VEIL_ZOOM_SHOTS")) {
        window.grab().save(QStringLiteral("/tmp/veil-presentation-window.png"));
        window.showView(QStringLiteral("mechanisms"));
        window.grab().save(QStringLiteral("/tmp/veil-presentation-mechanisms.png"));
        after->grab().save(QStringLiteral("/tmp/veil-presentation-chart.png"));
    }

    action->trigger();  // off: back to 100%
    QCOMPARE(window.zoom()->factor(), 1.0);
    QCOMPARE(plain->font().pointSizeF(), plainSize);
    QCOMPARE(styled->font().pointSizeF(), styledSize);
    QCOMPARE(firstAxis(before.get())->labelsFont().pointSizeF(), axisSize);
    QCOMPARE(firstAxis(after.get())->labelsFont().pointSizeF(), axisSize);
}

void TestPresentationZoom::keysZoomAndCtrl0Restores() {
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    std::unique_ptr<QChartView> chart(newChartView());
    QLabel* plain = labelWith(window, false);
    QVERIFY(plain);
    const double plainSize = plain->font().pointSizeF();
    const double axisSize = firstAxis(chart.get())->labelsFont().pointSizeF();

    QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier);
    QTest::keyClick(&window, Qt::Key_Plus, Qt::ControlModifier);
    const double zoomed = window.zoom()->factor();
    QVERIFY2(zoomed > 1.2, qPrintable(QString::number(zoomed)));
    QCOMPARE(plain->font().pointSizeF(), plainSize * zoomed);
    QCOMPARE(firstAxis(chart.get())->labelsFont().pointSizeF(), axisSize * zoomed);

    QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
    QVERIFY(window.zoom()->factor() < zoomed);
    QVERIFY(window.zoom()->factor() > 1.0);

    QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(window.zoom()->factor(), 1.0);
    QCOMPARE(plain->font().pointSizeF(), plainSize);
    QCOMPARE(firstAxis(chart.get())->labelsFont().pointSizeF(), axisSize);
}

void TestPresentationZoom::factorPersists() {
    const double normal = QApplication::font().pointSizeF();
    {
        MainWindow window;
        window.zoom()->setFactor(1.5);
        QCOMPARE(QApplication::font().pointSizeF(), normal * 1.5);
    }
    QCOMPARE(QApplication::font().pointSizeF(), normal);  // the window gave the 100% font back
    {
        MainWindow window;
        QCOMPARE(window.zoom()->factor(), 1.5);
        QCOMPARE(QApplication::font().pointSizeF(), normal * 1.5);
        window.zoom()->reset();
    }
    QCOMPARE(QSettings().value(QStringLiteral("view/zoom")).toDouble(), 1.0);
}

QTEST_MAIN(TestPresentationZoom)
#include "tst_presentation_zoom.moc"
