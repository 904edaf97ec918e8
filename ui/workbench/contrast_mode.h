// ContrastMode: View > High Contrast, for a projector in a lit room and for low vision. It switches
// the application palette to a high-contrast one (black on white, every text/background pair at
// least 7:1, WCAG 2.1 AAA) and every chart to dp_chart's high-contrast colours: charts open now are
// re-coloured (chart_contrast::apply) and charts shown later are coloured when first painted.
// Views that draw their own colours can listen to changed(). The choice is persisted in QSettings
// ("view/highContrast"); switching off gives back the palette in effect before.
#pragma once

#include <QObject>
#include <QPalette>

class QAction;

namespace veil::ui {

class ContrastMode final : public QObject {
    Q_OBJECT

public:
    // Applies the persisted choice.
    explicit ContrastMode(QObject* parent = nullptr);
    // Gives the application its previous palette back (the persisted choice stays).
    ~ContrastMode() override;

    bool isHigh() const { return m_high; }
    // Switches the palette and the charts, and persists the choice.
    void setHigh(bool high);
    // Checkable View > High Contrast (objectName "highContrastAction").
    QAction* action() const { return m_action; }

    static QPalette highContrastPalette();

Q_SIGNALS:
    void changed(bool high);

protected:
    // Colours a chart for the current mode when its view paints it (charts built or replaced later).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void apply(bool high);

    QPalette m_previous;
    bool m_high = false;
    QAction* m_action = nullptr;
};

}  // namespace veil::ui
