// PresentationZoom: one zoom factor for the whole application, for reading from the back of a
// classroom. It scales the application font (every widget that inherits it), every widget font set
// explicitly (from its size at 100%, kept beside it), and every chart's fonts (charts do not follow
// the application font; see chart_zoom.h), including charts shown later. The factor is persisted
// in QSettings ("view/zoom"). Its actions: Zoom In (Ctrl +), Zoom Out (Ctrl −), Actual Size (Ctrl 0)
// and Presentation Mode (175%).
#pragma once

#include <QFont>
#include <QObject>

class QAction;

namespace veil::ui {

class PresentationZoom final : public QObject {
    Q_OBJECT

public:
    static constexpr double kPresentationFactor = 1.75;
    static constexpr double kMinFactor = 0.8;
    static constexpr double kMaxFactor = 3.0;

    // Takes the current application font as 100% and applies the persisted factor.
    explicit PresentationZoom(QObject* parent = nullptr);
    // Gives the application its 100% font back (the persisted factor stays).
    ~PresentationZoom() override;

    double factor() const { return m_factor; }
    // Clamped to [kMinFactor, kMaxFactor]; applied to every widget and chart, and persisted.
    void setFactor(double factor);
    void zoomIn();
    void zoomOut();
    void reset() { setFactor(1.0); }

    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* resetAction() const { return m_reset; }
    // Checked while the factor is the presentation factor; unchecking returns to 100%.
    QAction* presentationAction() const { return m_presentation; }

Q_SIGNALS:
    void factorChanged(double factor);

protected:
    // Zooms a chart when its view paints it at another factor (charts replaced after a zoom).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    void applyFactor(double from, double to);
    void updateActions();

    QFont m_baseFont;
    double m_factor = 1.0;
    QAction* m_zoomIn = nullptr;
    QAction* m_zoomOut = nullptr;
    QAction* m_reset = nullptr;
    QAction* m_presentation = nullptr;
};

}  // namespace veil::ui
