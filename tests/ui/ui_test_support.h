// Helpers shared by the UI suites (offscreen): pictures for docs/images, a combo-box choice made
// the way a user makes it, a probe of the UI thread's longest stall, and WCAG 2.1's contrast ratio.
#pragma once

#include <QColor>
#include <QComboBox>
#include <QElapsedTimer>
#include <QString>
#include <QTest>
#include <QFile>
#include <QTimer>
#include <QVariant>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace ui_test {

// WCAG 2.1, "relative luminance": sRGB channels linearised, weighted 0.2126 / 0.7152 / 0.0722.
inline double wcagChannel(int c8) {
    const double c = c8 / 255.0;
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
inline double luminance(const QColor& c) {
    return 0.2126 * wcagChannel(c.red()) + 0.7152 * wcagChannel(c.green()) + 0.0722 * wcagChannel(c.blue());
}
// WCAG 2.1, "contrast ratio": (L1 + 0.05) / (L2 + 0.05), L1 the lighter.
inline double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// With VEIL_SCREENSHOT_DIR set (tools/screenshots.sh), saves a picture of `widget` as NAME there.
inline void saveScreenshot(QWidget& widget, const QString& name) {
    const QString dir = qEnvironmentVariable("VEIL_SCREENSHOT_DIR");
    if (!dir.isEmpty()) widget.grab().save(dir + QLatin1Char('/') + name);
}

// Selects the item holding `data` and emits activated(), as a click on it would.
inline void choose(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    QVERIFY2(index >= 0, qPrintable(data.toString()));
    combo->setCurrentIndex(index);
    Q_EMIT combo->activated(index);
}

// Records the longest gap between consecutive ticks of a fast (5 ms) timer on the UI thread: how
// long the UI thread was kept from its events by its own work or a wait (a lock, a paint handed to
// a pool). Time the thread spent runnable but waiting for a CPU (other processes, a parallel ctest,
// the job's worker on a 2-core machine) is not the view's doing: where Linux reports it
// (/proc/thread-self/schedstat, run-queue wait) it is taken out of each gap; longestRawGapMs() keeps
// the wall-clock gap.
class LatencyProbe {
public:
    LatencyProbe() {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            const qint64 waited = runQueueWaitMs();
            m_longestRaw = std::max(m_longestRaw, now - m_last);
            m_longest = std::max(m_longest, now - m_last - (waited - m_lastWait));
            m_last = now;
            m_lastWait = waited;
        });
    }
    void start() {
        m_clock.start();
        m_last = 0;
        m_lastWait = runQueueWaitMs();
        m_longest = m_longestRaw = 0;
        m_timer.start();
    }
    // Stops measuring (e.g. while the test itself works on the UI thread) until resume().
    void pause() { m_timer.stop(); }
    void resume() {
        m_last = m_clock.elapsed();
        m_lastWait = runQueueWaitMs();
        m_timer.start();
    }
    qint64 longestGapMs() const { return m_longest; }
    qint64 longestRawGapMs() const { return m_longestRaw; }

private:
    // The calling thread's total wait in the run queue, in ms (0 where the kernel does not say).
    static qint64 runQueueWaitMs() {
        QFile f(QStringLiteral("/proc/thread-self/schedstat"));
        if (!f.open(QIODevice::ReadOnly)) return 0;
        const QList<QByteArray> fields = f.readAll().simplified().split(' ');
        return fields.size() >= 2 ? fields[1].toLongLong() / 1000000 : 0;
    }
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0, m_lastWait = 0;
    qint64 m_longest = 0, m_longestRaw = 0;
};

}  // namespace ui_test
