// Paths handed from Qt to core: a QString in the platform's file-name encoding (QFile::encodeName).
#pragma once

#include <QFile>
#include <QString>

#include <string>

namespace veil::ui {

inline std::string localPath(const QString& path) { return std::string(QFile::encodeName(path).constData()); }

}  // namespace veil::ui
