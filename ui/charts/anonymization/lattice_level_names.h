// LatticeLevelNames: human names for the nodes of a generalization lattice. Each level of each
// quasi-identifier gets a short name derived from its hierarchy ("original", "*", or the first
// label at that level with the number of groups, e.g. "20-29, … 7 groups"), so a transformation
// reads "age: 20-29, … 7 groups, sex: *" instead of the raw vector [2,1].
#pragma once

#include "veil/anonymity/anonymization.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace veil::ui {

class LatticeLevelNames {
public:
    LatticeLevelNames() = default;
    // Names for the QIs `quasiIdentifiers` (the lattice's dimension order) from the hierarchies in
    // `config`; a QI without a hierarchy gets "level l of h" names up to `maxLevels`.
    static LatticeLevelNames fromConfig(const anonymity::AnonymizationConfig& config,
                                        const std::vector<std::string>& quasiIdentifiers,
                                        const std::vector<int>& maxLevels);
    // The short name of `level` in `hierarchy`. O(rows).
    static QString levelName(const hierarchy::Hierarchy& hierarchy, int level);

    bool isEmpty() const { return m_qis.isEmpty(); }
    const QStringList& quasiIdentifiers() const { return m_qis; }
    QString levelName(std::size_t qi, int level) const;
    // The generalized QIs only, e.g. "age: 20-29, … 7 groups, sex: *" ("original (no
    // generalization)" for the bottom node); falls back to "[2,1]" when the names do not fit.
    QString describe(const std::vector<int>& levels) const;

private:
    QStringList m_qis;
    std::vector<QStringList> m_names;  // [qi][level]
};

}  // namespace veil::ui
