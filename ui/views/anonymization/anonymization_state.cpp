#include "views/anonymization/anonymization_state.h"

#include "workbench/value_change_command.h"

#include <QUndoStack>

namespace veil::ui {

AnonymizationState::AnonymizationState(QUndoStack* undoStack, QObject* parent)
    : QObject(parent), m_undoStack(undoStack) {}

void AnonymizationState::edit(const AnonymizationSettings& after, const QString& text, int mergeId) {
    if (m_undoStack)
        m_undoStack->push(new ValueChangeCommand<AnonymizationSettings>(
            this, m_settings, after, [this](const AnonymizationSettings& s) { setSettings(s); }, text, {mergeId}));
    else
        setSettings(after);
}

void AnonymizationState::setSettings(const AnonymizationSettings& settings) {
    m_settings = settings;
    ++m_settingsVersion;
    Q_EMIT settingsChanged();
}

void AnonymizationState::setRun(std::shared_ptr<const AnonymizationRun> run,
                                std::optional<std::uint64_t> settingsVersion) {
    m_run = std::move(run);
    m_runSettingsVersion = settingsVersion.value_or(m_settingsVersion);
    if (m_run && m_run->result.algorithm == anonymity::Algorithm::Optimal) {
        const auto& result = m_run->result;
        if (!m_run->config.transformation) {
            // A search: its lattice becomes the one the lattice page explores.
            m_searchLattice = result.lattice;
            m_searchOptimum = result.found ? std::optional<std::size_t>(result.optimumIndex) : std::nullopt;
            m_appliedNode = m_searchOptimum;
        } else if (m_searchLattice.dimensions() == result.transformation.size() &&
                   m_searchLattice.maxLevels() == result.lattice.maxLevels()) {
            m_appliedNode = m_searchLattice.indexOf(result.transformation);
        } else {
            m_searchLattice = result.lattice;
            m_searchOptimum.reset();
            m_appliedNode = result.optimumIndex;
        }
    } else {
        // Mondrian (or no run): there is no lattice to explore.
        m_searchLattice = {};
        m_searchOptimum.reset();
        m_appliedNode.reset();
    }
    m_selectedClass = -1;
    Q_EMIT runChanged();
    Q_EMIT selectedClassChanged(-1);
}

void AnonymizationState::setSelectedClass(int classId) {
    if (classId == m_selectedClass) return;
    m_selectedClass = classId;
    Q_EMIT selectedClassChanged(classId);
}

}  // namespace veil::ui
