#include "workbench/job_monitor.h"

namespace veil::ui {

void JobMonitor::begin(const QString& label, std::function<void()> cancel) {
    m_label = label;
    m_cancel = std::move(cancel);
    if (!m_busy) {
        m_busy = true;
        emit busyChanged(true);
    }
    emit progressChanged(0.0, label);
    emit statusMessage(label + QStringLiteral("…"));
}

void JobMonitor::progress(double fraction, const QString& message) {
    if (m_busy) emit progressChanged(fraction, message.isEmpty() ? m_label : message);
}

void JobMonitor::end(const QString& message) {
    m_cancel = nullptr;
    if (m_busy) {
        m_busy = false;
        emit busyChanged(false);
    }
    if (!message.isEmpty()) emit statusMessage(message);
}

void JobMonitor::cancel() {
    if (m_cancel) m_cancel();
}

}  // namespace veil::ui
