// WelcomeView: what the window shows when no table is open: the icon, a hint and an Open button.
#pragma once

#include <QWidget>

namespace veil::ui {

class WelcomeView final : public QWidget {
    Q_OBJECT

public:
    explicit WelcomeView(QWidget* parent = nullptr);

Q_SIGNALS:
    void openRequested();
};

}  // namespace veil::ui
