#include "document/recent_files.h"

#include "jobs/source_names.h"

#include <QFileInfo>
#include <QSettings>

namespace veil::ui {
namespace {
const QString kKey = QStringLiteral("recentFiles");

// Files by absolute path; database sources as given, without their password.
QString keyFor(const QString& path) {
    return isDatabaseSourceUri(path) ? storableSource(path) : QFileInfo(path).absoluteFilePath();
}
}  // namespace

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {
    m_files = QSettings().value(kKey).toStringList();
    while (m_files.size() > kMaxFiles) m_files.removeLast();
}

void RecentFiles::add(const QString& path) {
    const QString canonical = keyFor(path);
    m_files.removeAll(canonical);
    m_files.prepend(canonical);
    while (m_files.size() > kMaxFiles) m_files.removeLast();
    store();
}

void RecentFiles::remove(const QString& path) {
    if (m_files.removeAll(keyFor(path)) > 0) store();
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
