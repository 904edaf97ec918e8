#include "workbench/job_monitor.h"

namespace veil::ui {

void JobMonitor::begin(const QString& label, std::function<void()> cancel) {
    m_label = label;
    m_cancel = std::move(cancel);
    if (!m_busy) {
        m_busy = true;
        Q_EMIT busyChanged(true);
    }
    Q_EMIT progressChanged(0.0, label);
    Q_EMIT statusMessage(label + QStringLiteral("…"));
}

void JobMonitor::progress(double fraction, const QString& message) {
    if (m_busy) Q_EMIT progressChanged(fraction, message.isEmpty() ? m_label : message);
}

void JobMonitor::end(const QString& message) {
    m_cancel = nullptr;
    if (m_busy) {
        m_busy = false;
        Q_EMIT busyChanged(false);
    }
    if (!message.isEmpty()) Q_EMIT statusMessage(message);
}

void JobMonitor::cancel() {
    if (m_cancel) m_cancel();
}

}  // namespace veil::ui
