// JobMonitor: how a view's background job shows in the window's status bar. A job announces
// itself with begin() (label + how to cancel it), reports progress, and calls end(). The main
// window shows one progress bar and one Cancel button for whatever job is running.
#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace veil::ui {

class JobMonitor final : public QObject {
    Q_OBJECT

public:
    explicit JobMonitor(QObject* parent = nullptr) : QObject(parent) {}

    // Starts showing `label`; `cancel` is called when the user presses Cancel (or Esc).
    void begin(const QString& label, std::function<void()> cancel);
    // fraction in [0, 1].
    void progress(double fraction, const QString& message = {});
    // The job finished (or was cancelled); `message` goes to the status bar.
    void end(const QString& message = {});

    bool isBusy() const { return m_busy; }
    const QString& label() const { return m_label; }

public Q_SLOTS:
    void cancel();

Q_SIGNALS:
    void busyChanged(bool busy);
    void progressChanged(double fraction, const QString& message);
    void statusMessage(const QString& message);

private:
    bool m_busy = false;
    QString m_label;
    std::function<void()> m_cancel;
};

}  // namespace veil::ui
