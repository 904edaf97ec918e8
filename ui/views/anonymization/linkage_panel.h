// LinkagePanel: the linkage attack (Sweeney; seed 004 "Linking Attack") on the user's own data.
// Load an external table (a voter list) or simulate one from the original's quasi-identifiers,
// choose the join columns, and compare how many external records match exactly one record of the
// original and of the release. For an optimal release the external table is first generalized
// with the release's transformation (the attacker knows the published hierarchies).
#pragma once

#include "veil/table/table.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QTableWidget;

namespace veil::ui {

class AnonymizationState;
class TableLoader;

class LinkagePanel final : public QWidget {
    Q_OBJECT

public:
    explicit LinkagePanel(AnonymizationState* state, QWidget* parent = nullptr);

    // An external table made of every `stride`-th original record's join columns.
    void simulateExternal(std::size_t stride = 50);
    void setExternal(const Table& table, const QString& name);
    // Runs the attack on the checked join columns; false when it cannot.
    bool runAttack();

    QLabel* resultLabel() const { return m_result; }
    std::size_t reidentifiedOriginal() const { return m_original; }
    std::size_t reidentifiedRelease() const { return m_release; }

private:
    void refreshColumns();
    std::vector<std::string> joinColumns() const;

    AnonymizationState* m_state;
    TableLoader* m_loader;
    Table m_external;
    QLabel* m_source;
    QListWidget* m_columns;
    QLabel* m_result;
    QTableWidget* m_matches;
    std::size_t m_original = 0;
    std::size_t m_release = 0;
};

}  // namespace veil::ui
