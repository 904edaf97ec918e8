#include "views/welcome_view.h"

#include "dialogs/about_dialog.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace veil::ui {

WelcomeView::WelcomeView(QWidget* parent) : QWidget(parent) {
    auto* icon = new QLabel;
    icon->setPixmap(applicationIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignCenter);

    auto* title = new QLabel(tr("No table open"));
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.5);
    f.setBold(true);
    title->setFont(f);
    title->setAlignment(Qt::AlignCenter);

    auto* hint = new QLabel(tr("Open a CSV file, or drop one onto this window."));
    hint->setAlignment(Qt::AlignCenter);
    hint->setEnabled(false);

    auto* open = new QPushButton(tr("Open File…"));
    open->setDefault(true);
    connect(open, &QPushButton::clicked, this, &WelcomeView::openRequested);
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addStretch();
    buttonRow->addWidget(open);
    buttonRow->addStretch();

    auto* layout = new QVBoxLayout(this);
    layout->addStretch();
    layout->addWidget(icon);
    layout->addSpacing(8);
    layout->addWidget(title);
    layout->addWidget(hint);
    layout->addSpacing(12);
    layout->addLayout(buttonRow);
    layout->addStretch();
}

}  // namespace veil::ui
