// RecentFiles: the most recently opened files, newest first, kept in QSettings ("recentFiles").
// Database sources are kept as URIs without their password.
#pragma once

#include <QObject>
#include <QStringList>

namespace veil::ui {

class RecentFiles final : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaxFiles = 10;

    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const { return m_files; }
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

Q_SIGNALS:
    void changed();

private:
    void store();

    QStringList m_files;
};

}  // namespace veil::ui
