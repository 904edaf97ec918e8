// ValueChangeCommand<T>: the one undoable edit of the window (after Tiled's changevalue.h). It
// keeps a value before and after an edit (a view's whole settings, or one named parameter) and
// writes it back through `apply` on undo and redo; when the object it edits is gone, it does
// nothing. Consecutive edits with the same merge id (undo_merge_ids.h) and merge key collapse into
// one step, so dragging a slider undoes at once.
#pragma once

#include "workbench/undo_merge_ids.h"

#include <QPointer>
#include <QString>
#include <QUndoCommand>

#include <concepts>
#include <functional>
#include <utility>

namespace veil::ui {

template <typename T>
class ValueChangeCommand final : public QUndoCommand {
public:
    using Apply = std::function<void(const T&)>;

    struct Merge {
        Merge(int mergeId = merge_id::kNever, QString mergeKey = {}, bool dropUnchanged = false)
            : id(mergeId), key(std::move(mergeKey)), dropWhenUnchanged(dropUnchanged) {}
        int id;                  // merge_id's table; kNever: every edit is its own step
        QString key;             // edits merge only on the same key too (one parameter of many)
        bool dropWhenUnchanged;  // a merge back to the value before removes the step (T has ==)
    };

    // `target`: the object `apply` writes to (a view's parameters or state).
    ValueChangeCommand(QObject* target, T before, T after, Apply apply, const QString& text, Merge merge = {})
        : QUndoCommand(text),
          m_target(target),
          m_before(std::move(before)),
          m_after(std::move(after)),
          m_apply(std::move(apply)),
          m_merge(std::move(merge)) {}

    void undo() override {
        if (m_target) m_apply(m_before);
    }
    void redo() override {
        if (m_target) m_apply(m_after);
    }
    int id() const override { return m_merge.id; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* next = dynamic_cast<const ValueChangeCommand*>(other);
        if (!next || next->m_target != m_target || next->m_merge.key != m_merge.key) return false;
        m_after = next->m_after;
        if constexpr (std::equality_comparable<T>)
            if (m_merge.dropWhenUnchanged) setObsolete(m_after == m_before);
        return true;
    }

private:
    QPointer<QObject> m_target;
    T m_before;
    T m_after;
    Apply m_apply;
    Merge m_merge;
};

}  // namespace veil::ui
