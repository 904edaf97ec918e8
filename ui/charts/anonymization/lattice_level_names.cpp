#include "charts/anonymization/lattice_level_names.h"

#include <QObject>

#include <set>

namespace veil::ui {

QString LatticeLevelNames::levelName(const hierarchy::Hierarchy& hierarchy, int level) {
    if (level <= 0) return QObject::tr("original");
    if (hierarchy.rowCount() == 0 || std::size_t(level) >= hierarchy.levelCount())
        return QObject::tr("level %1 of %2").arg(level).arg(hierarchy.height());
    std::set<std::string> groups;
    for (std::size_t r = 0; r < hierarchy.rowCount(); ++r) groups.insert(hierarchy.label(r, std::size_t(level)));
    const QString first = QString::fromStdString(hierarchy.label(0, std::size_t(level)));
    if (groups.size() == 1) return first;
    return QObject::tr("%1, … %2 groups").arg(first).arg(groups.size());
}

LatticeLevelNames LatticeLevelNames::fromConfig(const anonymity::AnonymizationConfig& config,
                                                const std::vector<std::string>& quasiIdentifiers,
                                                const std::vector<int>& maxLevels) {
    LatticeLevelNames names;
    for (std::size_t q = 0; q < quasiIdentifiers.size(); ++q) {
        const std::string& column = quasiIdentifiers[q];
        names.m_qis << QString::fromStdString(column);
        const hierarchy::Hierarchy* h = nullptr;
        for (const auto& qi : config.quasiIdentifiers)
            if (qi.column == column && qi.hierarchy) h = &*qi.hierarchy;
        const int top = q < maxLevels.size() ? maxLevels[q] : (h ? h->height() : 0);
        QStringList levels;
        for (int l = 0; l <= top; ++l)
            levels << (h        ? levelName(*h, l)
                       : l == 0 ? QObject::tr("original")
                                : QObject::tr("level %1 of %2").arg(l).arg(top));
        names.m_names.push_back(levels);
    }
    return names;
}

QString LatticeLevelNames::levelName(std::size_t qi, int level) const {
    if (qi >= m_names.size() || level < 0 || level >= m_names[qi].size()) return QString::number(level);
    return m_names[qi][level];
}

QString LatticeLevelNames::describe(const std::vector<int>& levels) const {
    if (levels.size() != m_names.size()) return QString::fromStdString(anonymity::formatLevels(levels));
    QStringList parts;
    for (std::size_t q = 0; q < levels.size(); ++q)
        if (levels[q] > 0) parts << QStringLiteral("%1: %2").arg(m_qis[int(q)], levelName(q, levels[q]));
    return parts.isEmpty() ? QObject::tr("original (no generalization)") : parts.join(QStringLiteral(", "));
}

}  // namespace veil::ui
