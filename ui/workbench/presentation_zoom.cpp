#include "workbench/presentation_zoom.h"

#include "charts/chart_zoom.h"

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QEvent>
#include <QSettings>
#include <QWidget>

#include <algorithm>
#include <array>
#include <cmath>

namespace veil::ui {
namespace {

const QString kSettingsKey = QStringLiteral("view/zoom");
// A widget's explicitly set font at 100%, kept as a dynamic property.
constexpr const char* kUnzoomedFont = "veilUnzoomedFont";
constexpr std::array<double, 10> kSteps = {0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0};

bool same(double a, double b) { return std::abs(a - b) < 1e-6; }

}  // namespace

PresentationZoom::PresentationZoom(QObject* parent) : QObject(parent), m_baseFont(QApplication::font()) {
    createActions();
    qApp->installEventFilter(this);
    const double stored = QSettings().value(kSettingsKey, 1.0).toDouble();
    if (std::isfinite(stored) && !same(stored, 1.0)) setFactor(stored);
    updateActions();
}

PresentationZoom::~PresentationZoom() {
    qApp->removeEventFilter(this);
    chart_zoom::setCurrentFactor(1.0);
    if (!same(m_factor, 1.0)) QApplication::setFont(m_baseFont);
}

void PresentationZoom::createActions() {
    m_zoomIn = new QAction(tr("Zoom &In"), this);
    m_zoomIn->setObjectName(QStringLiteral("zoomInAction"));
    m_zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    m_zoomIn->setStatusTip(tr("Larger text and charts"));
    connect(m_zoomIn, &QAction::triggered, this, &PresentationZoom::zoomIn);

    m_zoomOut = new QAction(tr("Zoom &Out"), this);
    m_zoomOut->setObjectName(QStringLiteral("zoomOutAction"));
    m_zoomOut->setShortcut(QKeySequence::ZoomOut);
    m_zoomOut->setStatusTip(tr("Smaller text and charts"));
    connect(m_zoomOut, &QAction::triggered, this, &PresentationZoom::zoomOut);

    m_reset = new QAction(tr("&Actual Size"), this);
    m_reset->setObjectName(QStringLiteral("zoomResetAction"));
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_reset->setStatusTip(tr("Text and charts at their normal size"));
    connect(m_reset, &QAction::triggered, this, &PresentationZoom::reset);

    m_presentation = new QAction(tr("&Presentation Mode"), this);
    m_presentation->setObjectName(QStringLiteral("presentationModeAction"));
    m_presentation->setCheckable(true);
    m_presentation->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_presentation->setStatusTip(tr("Text and charts at %1% for a projector").arg(kPresentationFactor * 100));
    connect(m_presentation, &QAction::triggered, this, [this](bool on) { setFactor(on ? kPresentationFactor : 1.0); });
}

void PresentationZoom::zoomIn() {
    const auto next = std::find_if(kSteps.begin(), kSteps.end(), [this](double s) { return s > m_factor + 1e-6; });
    if (next != kSteps.end()) setFactor(*next);
}

void PresentationZoom::zoomOut() {
    const auto next = std::find_if(kSteps.rbegin(), kSteps.rend(), [this](double s) { return s < m_factor - 1e-6; });
    if (next != kSteps.rend()) setFactor(*next);
}

void PresentationZoom::setFactor(double factor) {
    if (!std::isfinite(factor)) return;
    factor = std::clamp(factor, kMinFactor, kMaxFactor);
    if (same(factor, m_factor)) return;
    const double from = m_factor;
    m_factor = factor;
    chart_zoom::setCurrentFactor(factor);
    applyFactor(from, factor);
    QSettings().setValue(kSettingsKey, factor);
    updateActions();
    Q_EMIT factorChanged(factor);
}

void PresentationZoom::applyFactor(double from, double to) {
    const QWidgetList widgets = QApplication::allWidgets();
    // Explicit fonts are recorded at 100% before the application font changes under them (a font
    // set only bold still takes its size from its parent).
    for (QWidget* w : widgets)
        if (w->testAttribute(Qt::WA_SetFont) && !w->property(kUnzoomedFont).isValid())
            w->setProperty(kUnzoomedFont, QVariant::fromValue(chart_zoom::scaledFont(w->font(), 1.0 / from)));
    QApplication::setFont(chart_zoom::scaledFont(m_baseFont, to));
    // QApplication tells the windows only once the event loop has started (not so in tests).
    QEvent changed(QEvent::ApplicationFontChange);
    for (QWidget* w : widgets)
        if (w->isWindow()) QCoreApplication::sendEvent(w, &changed);
    for (QWidget* w : widgets) {
        const QVariant unzoomed = w->property(kUnzoomedFont);
        if (unzoomed.isValid()) w->setFont(chart_zoom::scaledFont(unzoomed.value<QFont>(), to));
        if (auto* view = qobject_cast<QChartView*>(w)) chart_zoom::apply(view->chart(), to, from);
    }
}

void PresentationZoom::updateActions() {
    m_presentation->setChecked(same(m_factor, kPresentationFactor));
    m_zoomIn->setEnabled(m_factor < kMaxFactor - 1e-6);
    m_zoomOut->setEnabled(m_factor > kMinFactor + 1e-6);
    m_reset->setEnabled(!same(m_factor, 1.0));
}

bool PresentationZoom::eventFilter(QObject* watched, QEvent* event) {
    // A chart built after the zoom was built zoomed (see chart_zoom.h): its fonts are recorded when
    // it is first painted, so that the next zoom scales them too. Nothing to do at 100%.
    if (event->type() == QEvent::Paint && !same(m_factor, 1.0) && watched->parent())
        if (auto* view = qobject_cast<QChartView*>(watched->parent()); view && view->viewport() == watched)
            chart_zoom::apply(view->chart(), m_factor, m_factor);
    return QObject::eventFilter(watched, event);
}

}  // namespace veil::ui
