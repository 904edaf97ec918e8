// The window's one undoable edit (workbench/value_change_command.h) and its table of merge ids:
// merging by id and key, a merge back to the start dropped when asked, a command whose target is
// gone doing nothing, and no two views sharing an id.
#include "workbench/undo_merge_ids.h"
#include "workbench/value_change_command.h"

#include <QTest>
#include <QUndoStack>

#include <memory>
#include <set>

using namespace veil::ui;

namespace {

// A value holder the commands edit.
class Holder : public QObject {
public:
    int value = 0;
};

QUndoCommand* edit(Holder* h, int after, ValueChangeCommand<int>::Merge merge) {
    return new ValueChangeCommand<int>(
        h, h->value, after, [h](const int& v) { h->value = v; }, QStringLiteral("edit"), std::move(merge));
}

}  // namespace

class TestValueChangeCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mergesSameIdAndKeyOnly() {
        Holder h;
        QUndoStack stack;
        stack.push(edit(&h, 1, {merge_id::kSpatialEpsilon}));
        stack.push(edit(&h, 2, {merge_id::kSpatialEpsilon}));  // a drag: one step
        QCOMPARE(stack.count(), 1);
        stack.push(edit(&h, 3, {merge_id::kSpatialScale}));  // another field
        QCOMPARE(stack.count(), 2);
        stack.push(edit(&h, 4, {merge_id::kDpParameter, QStringLiteral("epsilon")}));
        stack.push(edit(&h, 5, {merge_id::kDpParameter, QStringLiteral("delta")}));  // same id, other key
        QCOMPARE(stack.count(), 4);
        stack.push(edit(&h, 6, {}));  // never merges
        stack.push(edit(&h, 7, {}));
        QCOMPARE(stack.count(), 6);
        QCOMPARE(h.value, 7);
        for (int i = 0; i < 6; ++i) stack.undo();
        QCOMPARE(h.value, 0);
        stack.redo();  // the merged drag: 0 -> 2 at once
        QCOMPARE(h.value, 2);
    }

    void mergeBackToStartIsDropped() {
        Holder h;
        QUndoStack stack;
        stack.push(edit(&h, 1, {merge_id::kDpParameter, QStringLiteral("k"), true}));
        stack.push(edit(&h, 0, {merge_id::kDpParameter, QStringLiteral("k"), true}));
        QCOMPARE(stack.count(), 0);
        QCOMPARE(h.value, 0);
        stack.push(edit(&h, 1, {merge_id::kAnonymizationK}));  // kept when not asked
        stack.push(edit(&h, 0, {merge_id::kAnonymizationK}));
        QCOMPARE(stack.count(), 1);
    }

    void goneTargetIsANoOp() {
        QUndoStack stack;
        auto h = std::make_unique<Holder>();
        stack.push(edit(h.get(), 5, {}));
        h.reset();
        stack.undo();  // must not touch the destroyed holder
        stack.redo();
        QCOMPARE(stack.count(), 1);
    }

    void idsAreDistinct() {
        const std::set<int> ids = {merge_id::kAnonymizationK,
                                   merge_id::kAnonymizationL,
                                   merge_id::kAnonymizationC,
                                   merge_id::kAnonymizationT,
                                   merge_id::kAnonymizationSuppression,
                                   merge_id::kAnonymizationGsFactor,
                                   merge_id::kAnonymizationIterations,
                                   merge_id::kSpatialEpsilon,
                                   merge_id::kSpatialScale,
                                   merge_id::kSpatialHeight,
                                   merge_id::kSpatialSeed,
                                   merge_id::kDpParameter,
                                   merge_id::kGraphParameterBase};
        QCOMPARE(ids.size(), std::size_t(13));
        QVERIFY(!ids.count(merge_id::kNever));
    }
};

QTEST_GUILESS_MAIN(TestValueChangeCommand)
#include "tst_value_change_command.moc"
