// AnonymizationState: the anonymization view's document-side state. It holds the settings the
// user edits (through undo commands on the document's QUndoStack), the last result with the table
// and plan it was computed from, the lattice of the last optimal search (kept when the user
// applies one of its nodes), and the equivalence class selected in the groups page.
#pragma once

#include "views/anonymization/anonymization_settings.h"

#include "veil/anonymity/anonymization.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>

class QUndoStack;

namespace veil::ui {

// One finished run: what went in and what came out.
struct AnonymizationRun {
    Table input;
    QString inputPath;
    anonymity::AnonymizationConfig config;
    anonymity::AnonymizationResult result;
};

class AnonymizationState final : public QObject {
    Q_OBJECT

public:
    explicit AnonymizationState(QUndoStack* undoStack, QObject* parent = nullptr);

    const AnonymizationSettings& settings() const { return m_settings; }
    // Pushes an undoable edit from the current settings to `after`. Consecutive edits with the
    // same `mergeId` (undo_merge_ids.h, e.g. spinning k) merge into one undo step.
    void edit(const AnonymizationSettings& after, const QString& text, int mergeId = -1);
    // Installs settings without an undo step (used by the undo command).
    void setSettings(const AnonymizationSettings& settings);
    // Counts every change of the settings (undo and redo included): a result is current while the
    // version it was computed from is this one.
    std::uint64_t settingsVersion() const { return m_settingsVersion; }

    const AnonymizationRun* run() const { return m_run.get(); }
    std::shared_ptr<const AnonymizationRun> runPtr() const { return m_run; }
    // `settingsVersion`: the settings version the run was computed from (default: the current one).
    void setRun(std::shared_ptr<const AnonymizationRun> run, std::optional<std::uint64_t> settingsVersion = {});
    // False when the settings changed since the run shown was computed (or there is none).
    bool runIsCurrent() const { return m_run && m_runSettingsVersion == m_settingsVersion; }

    // The lattice of the last optimal search (empty before one) and the node shown now.
    const anonymity::GeneralizationLattice& searchLattice() const { return m_searchLattice; }
    std::optional<std::size_t> appliedNode() const { return m_appliedNode; }
    std::optional<std::size_t> searchOptimum() const { return m_searchOptimum; }

    int selectedClass() const { return m_selectedClass; }
    void setSelectedClass(int classId);

Q_SIGNALS:
    void settingsChanged();
    void runChanged();
    void selectedClassChanged(int classId);

private:
    QUndoStack* m_undoStack;
    AnonymizationSettings m_settings;
    std::uint64_t m_settingsVersion = 0;
    std::shared_ptr<const AnonymizationRun> m_run;
    std::uint64_t m_runSettingsVersion = 0;
    anonymity::GeneralizationLattice m_searchLattice;
    std::optional<std::size_t> m_appliedNode;
    std::optional<std::size_t> m_searchOptimum;
    int m_selectedClass = -1;
};

}  // namespace veil::ui
