#include "document/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace veil::ui {
namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {
    m_files = QSettings().value(kKey).toStringList();
    while (m_files.size() > kMaxFiles) m_files.removeLast();
}

void RecentFiles::add(const QString& path) {
    const QString canonical = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(canonical);
    m_files.prepend(canonical);
    while (m_files.size() > kMaxFiles) m_files.removeLast();
    store();
}

void RecentFiles::remove(const QString& path) {
    if (m_files.removeAll(QFileInfo(path).absoluteFilePath()) > 0) store();
}

void RecentFiles::clear() {
    m_files.clear();
    store();
}

void RecentFiles::store() {
    QSettings().setValue(kKey, m_files);
    Q_EMIT changed();
}

}  // namespace veil::ui
