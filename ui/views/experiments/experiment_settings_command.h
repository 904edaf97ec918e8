// ExperimentSettingsCommand: one undoable edit of the Experiments view's settings (data set,
// workload, methods, epsilon grid, trials, seed), stored as the experiment JSON before and after
// (the "change value" idea of Tiled's changevalue.h). Consecutive edits are not merged.
#pragma once

#include <QUndoCommand>

#include <nlohmann/json.hpp>

#include <functional>

namespace veil::ui {

class ExperimentSettingsCommand final : public QUndoCommand {
public:
    using Apply = std::function<void(const nlohmann::json&)>;
    ExperimentSettingsCommand(nlohmann::json before, nlohmann::json after, Apply apply, const QString& text)
        : QUndoCommand(text), m_before(std::move(before)), m_after(std::move(after)), m_apply(std::move(apply)) {}

    void undo() override { m_apply(m_before); }
    void redo() override { m_apply(m_after); }

private:
    nlohmann::json m_before, m_after;
    Apply m_apply;
};

}  // namespace veil::ui
