#include "workbench/contrast_mode.h"

#include "charts/chart_contrast.h"
#include "charts/dp_chart_style.h"

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QEvent>
#include <QSettings>
#include <QWidget>

namespace veil::ui {
namespace {

const QString kSettingsKey = QStringLiteral("view/highContrast");

void applyToOpenCharts(bool high) {
    for (QWidget* w : QApplication::allWidgets())
        if (auto* view = qobject_cast<QChartView*>(w)) chart_contrast::apply(view->chart(), high);
}

}  // namespace

ContrastMode::ContrastMode(QObject* parent) : QObject(parent) {
    m_action = new QAction(tr("&High Contrast"), this);
    m_action->setObjectName(QStringLiteral("highContrastAction"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_action->setStatusTip(tr("Black on white text and strong chart colours, for a projector or low vision"));
    connect(m_action, &QAction::triggered, this, &ContrastMode::setHigh);
    qApp->installEventFilter(this);
    if (QSettings().value(kSettingsKey, false).toBool()) apply(true);
}

ContrastMode::~ContrastMode() {
    qApp->removeEventFilter(this);
    if (m_high) {
        dp_chart::setHighContrast(false);
        QApplication::setPalette(m_previous);
    }
}

void ContrastMode::setHigh(bool high) {
    if (high != m_high) {
        apply(high);
        QSettings().setValue(kSettingsKey, high);
        Q_EMIT changed(high);
    }
    m_action->setChecked(m_high);
}

void ContrastMode::apply(bool high) {
    if (high) m_previous = QApplication::palette();
    m_high = high;
    dp_chart::setHighContrast(high);
    QApplication::setPalette(high ? highContrastPalette() : m_previous);
    // QApplication tells the windows only once the event loop runs (not so in tests); telling them
    // again is harmless: each resolves its palette and passes it to its children.
    QEvent changed(QEvent::ApplicationPaletteChange);
    for (QWidget* w : QApplication::topLevelWidgets()) QCoreApplication::sendEvent(w, &changed);
    applyToOpenCharts(high);
    m_action->setChecked(high);
}

QPalette ContrastMode::highContrastPalette() {
    const QColor black(Qt::black), white(Qt::white);
    QPalette p(QColor(0xf0, 0xf0, 0xf0), white);  // button, window; every role below is set
    for (auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        p.setColor(group, QPalette::Window, white);
        p.setColor(group, QPalette::Base, white);
        p.setColor(group, QPalette::AlternateBase, QColor(0xf0, 0xf0, 0xf0));
        p.setColor(group, QPalette::Button, QColor(0xf0, 0xf0, 0xf0));
        p.setColor(group, QPalette::Light, white);
        p.setColor(group, QPalette::Midlight, QColor(0xe0, 0xe0, 0xe0));
        p.setColor(group, QPalette::Mid, QColor(0x40, 0x40, 0x40));
        p.setColor(group, QPalette::Dark, black);
        p.setColor(group, QPalette::Shadow, black);
        p.setColor(group, QPalette::Highlight, QColor(0x00, 0x00, 0xa0));  // navy
        p.setColor(group, QPalette::HighlightedText, white);
        p.setColor(group, QPalette::ToolTipBase, white);
        p.setColor(group, QPalette::ToolTipText, black);
        p.setColor(group, QPalette::Link, QColor(0x00, 0x00, 0xc0));
        p.setColor(group, QPalette::LinkVisited, QColor(0x55, 0x1a, 0x8b));
        p.setColor(group, QPalette::PlaceholderText, QColor(0x4d, 0x4d, 0x4d));
        const QColor text = group == QPalette::Disabled ? QColor(0x55, 0x55, 0x55) : black;
        for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) p.setColor(group, role, text);
    }
    return p;
}

bool ContrastMode::eventFilter(QObject* watched, QEvent* event) {
    // Charts keep the colours they were built with: one built or replaced after the switch is
    // re-coloured when its view first paints it. Nothing to do for a chart never switched.
    if (event->type() == QEvent::Paint && watched->parent())
        if (auto* view = qobject_cast<QChartView*>(watched->parent()); view && view->viewport() == watched)
            if (chart_contrast::isHigh(view->chart()) != m_high) chart_contrast::apply(view->chart(), m_high);
    return QObject::eventFilter(watched, event);
}

}  // namespace veil::ui
