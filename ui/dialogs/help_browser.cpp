#include "dialogs/help_browser.h"

#include "dialogs/help_topics.h"

#include <QAction>
#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolBar>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <algorithm>

namespace veil::ui {
namespace {

constexpr int kPageRole = Qt::UserRole + 1;
constexpr int kMaxImageWidth = 820;

// The text of the first "# " line of a Markdown file, or its file name.
QString markdownTitle(const QString& path) {
    QFile file(path);
    if (file.open(QIODevice::ReadOnly | QIODevice::Text))
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine()).trimmed();
            if (line.startsWith(QStringLiteral("# "))) return line.mid(2).trimmed();
        }
    return QFileInfo(path).completeBaseName();
}

// A QTextBrowser whose images are no wider than a readable column (the screenshots are larger).
class HelpTextBrowser final : public QTextBrowser {
public:
    using QTextBrowser::QTextBrowser;

    QVariant loadResource(int type, const QUrl& name) override {
        QVariant resource = QTextBrowser::loadResource(type, name);
        if (type != QTextDocument::ImageResource) return resource;
        QImage image;
        if (resource.typeId() == QMetaType::QImage)
            image = resource.value<QImage>();
        else
            image.loadFromData(resource.toByteArray());
        // As wide as the page shown when it is loaded (the margins and a scroll bar aside).
        const int width = std::clamp(viewport()->width() - 64, 320, kMaxImageWidth);
        if (image.isNull() || image.width() <= width) return resource;
        return image.scaledToWidth(width, Qt::SmoothTransformation);
    }
};

}  // namespace

HelpBrowser::HelpBrowser(QWidget* parent)
    : QWidget(parent, Qt::Window),
      m_docs(helpDocsDirectory()),
      m_contents(new QTreeWidget),
      m_text(new HelpTextBrowser) {
    setObjectName(QStringLiteral("helpBrowser"));
    setWindowTitle(tr("Veil Help"));
    m_contents->setObjectName(QStringLiteral("helpContents"));
    m_contents->setHeaderHidden(true);
    m_text->setObjectName(QStringLiteral("helpText"));
    m_text->document()->setDocumentMargin(18);
    m_text->setOpenLinks(false);  // pages inside the docs here, everything else outside
    if (!m_docs.isEmpty()) m_text->setSearchPaths({m_docs});
    connect(m_text, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        const QUrl target = m_text->source().resolved(url);
        if (url.scheme().isEmpty() && url.path().isEmpty() && url.hasFragment())
            m_text->scrollToAnchor(url.fragment());
        else if (target.isLocalFile() && QFileInfo::exists(target.toLocalFile()))
            m_text->setSource(target);
        else
            QDesktopServices::openUrl(target);
    });
    connect(m_text, &QTextBrowser::sourceChanged, this, &HelpBrowser::onSourceChanged);
    connect(m_contents, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item && item->data(0, kPageRole).toString() != currentPage()) showPage(item->data(0, kPageRole).toString());
    });

    auto* tools = new QToolBar;
    QAction* back =
        tools->addAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("Back"), m_text, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    QAction* forward =
        tools->addAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("Forward"), m_text, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    connect(m_text, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(m_text, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    back->setEnabled(false);
    forward->setEnabled(false);
    tools->addAction(tr("User Guide"), this, [this] { showPage(userGuidePage()); });
    tools->addAction(tr("Algorithms"), this, [this] { showPage(algorithmsIndexPage()); });

    auto* splitter = new QSplitter;
    splitter->addWidget(m_contents);
    splitter->addWidget(m_text);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({320, 800});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(tools);
    layout->addWidget(splitter, 1);
    buildContents();
    resize(1120, 760);
}

void HelpBrowser::buildContents() {
    if (m_docs.isEmpty()) return;
    auto* guide = new QTreeWidgetItem(m_contents, {tr("User guide")});
    guide->setData(0, kPageRole, userGuidePage());
    auto* algorithms = new QTreeWidgetItem(m_contents, {tr("The algorithms")});
    algorithms->setData(0, kPageRole, algorithmsIndexPage());
    QList<QTreeWidgetItem*> pages;
    const QDir dir(m_docs + QStringLiteral("/algorithms"));
    for (const QString& name : dir.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
        if (name == QLatin1String("README.md")) continue;
        auto* item = new QTreeWidgetItem({markdownTitle(dir.filePath(name))});
        item->setToolTip(0, item->text(0));
        item->setData(0, kPageRole, QStringLiteral("algorithms/") + name);
        pages << item;
    }
    std::sort(pages.begin(), pages.end(), [](auto* a, auto* b) { return a->text(0) < b->text(0); });
    algorithms->addChildren(pages);
    algorithms->setExpanded(true);
}

bool HelpBrowser::showPage(const QString& page) {
    const QString path = m_docs + QLatin1Char('/') + page;
    if (m_docs.isEmpty() || !QFileInfo::exists(path)) {
        m_text->setMarkdown(tr("# Help not found\n\nThe page `%1` is not installed (looked in `%2`).")
                                .arg(page, m_docs.isEmpty() ? tr("share/veil/docs") : m_docs));
        return false;
    }
    m_text->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    m_text->verticalScrollBar()->setValue(0);
    return true;
}

QString HelpBrowser::currentPage() const { return pageOf(m_text->source()); }

QString HelpBrowser::pageOf(const QUrl& source) const {
    if (m_docs.isEmpty() || !source.isLocalFile()) return {};
    return QDir(m_docs).relativeFilePath(source.toLocalFile());
}

QString HelpBrowser::currentTitle() const {
    for (QTextBlock block = m_text->document()->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() == 1) return block.text();
    return {};
}

void HelpBrowser::onSourceChanged(const QUrl& source) {
    // source() is not yet the new page while sourceChanged is emitted.
    const QString page = pageOf(source);
    const QString title = currentTitle();
    setWindowTitle(title.isEmpty() ? tr("Veil Help") : tr("%1 — Veil Help").arg(title));
    QTreeWidgetItemIterator it(m_contents);
    for (; *it; ++it)
        if ((*it)->data(0, kPageRole).toString() == page) {
            m_contents->setCurrentItem(*it);  // no page change: it is the page shown
            break;
        }
}

}  // namespace veil::ui
