// DemoPage: the frame every classroom demo shares - the explanation (plain language, citing the
// lecture notes) on the left, the demo's data and settings on the right, a Run button that
// performs the demo's main action with core's engines, and a large result text.
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace veil::ui {

class DemoPage : public QWidget {
    Q_OBJECT

public:
    DemoPage(const QString& title, const QString& explanationHtml, QWidget* parent = nullptr);

    // The result text shown (plain text, for tests).
    QString resultText() const;
    // The last error (empty when the last run succeeded).
    const QString& errorText() const { return m_error; }
    QPushButton* runButton() const { return m_run; }

public Q_SLOTS:
    // Performs the demo's main action (same as pressing Run).
    void run();

Q_SIGNALS:
    void ran();

protected:
    // Runs the demo; returns an error message or an empty string.
    virtual QString doRun() = 0;
    QVBoxLayout* content() const { return m_content; }
    void setResult(const QString& html);

private:
    QVBoxLayout* m_content;
    QLabel* m_result;
    QPushButton* m_run;
    QString m_error;
};

}  // namespace veil::ui
