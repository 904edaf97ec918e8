#include "views/demos/demo_page.h"

#include "views/demos/demo_support.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

namespace veil::ui {

DemoPage::DemoPage(const QString& title, const QString& explanationHtml, QWidget* parent) : QWidget(parent) {
    demo::enlargeFont(this);
    setWindowTitle(title);
    auto* outer = new QHBoxLayout(this);
    outer->addWidget(demo::makeExplanation(QStringLiteral("<h2>%1</h2>").arg(title.toHtmlEscaped()) + explanationHtml),
                     0);

    auto* right = new QWidget;
    auto* rightBox = new QVBoxLayout(right);
    m_content = new QVBoxLayout;
    rightBox->addLayout(m_content, 1);
    m_run = new QPushButton(tr("Run"));
    m_run->setObjectName(QStringLiteral("demoRun"));
    QFont f = m_run->font();
    f.setBold(true);
    m_run->setFont(f);
    rightBox->addWidget(m_run, 0, Qt::AlignLeft);
    m_result = demo::makeResultLabel();
    rightBox->addWidget(m_result);
    outer->addWidget(right, 1);
    connect(m_run, &QPushButton::clicked, this, &DemoPage::run);
    resize(1100, 720);
}

void DemoPage::run() {
    m_error = doRun();
    if (!m_error.isEmpty())
        setResult(QStringLiteral("<span style='color:#b00000'>%1</span>").arg(m_error.toHtmlEscaped()));
    Q_EMIT ran();
}

void DemoPage::setResult(const QString& html) { m_result->setText(html); }

QString DemoPage::resultText() const {
    QTextDocument doc;
    doc.setHtml(m_result->text());
    return doc.toPlainText();
}

}  // namespace veil::ui
