// HelpBrowser: Veil's help window. The user guide and the algorithm pages (Markdown, see
// help_topics.h) in a QTextBrowser, with a contents tree, Back/Forward, links between pages and
// images scaled to the window; links outside the docs open in the system browser.
#pragma once

#include <QWidget>

class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;
class QUrl;

namespace veil::ui {

class HelpBrowser final : public QWidget {
    Q_OBJECT

public:
    // A top-level window (Qt::Window) over `parent`.
    explicit HelpBrowser(QWidget* parent = nullptr);

    // Shows `page` (relative to the docs folder, e.g. "algorithms/additive_mechanisms.md") from its
    // top; false (and a message in the page) when it does not exist.
    bool showPage(const QString& page);
    // The page shown, relative to the docs folder ("" if none).
    QString currentPage() const;
    // The first heading of the page shown.
    QString currentTitle() const;
    QTextBrowser* textBrowser() const { return m_text; }
    QTreeWidget* contents() const { return m_contents; }

private:
    void buildContents();
    void onSourceChanged(const QUrl& source);
    QString pageOf(const QUrl& source) const;

    QString m_docs;
    QTreeWidget* m_contents;
    QTextBrowser* m_text;
};

}  // namespace veil::ui
