// DpParameters: the settings a DP view edits (column, query, mechanism, epsilon, ...) as named
// values. Widgets never write them directly: an edit becomes a ValueChangeCommand on the
// document's undo stack (pushDpParameter), and every change (edit, undo, redo) comes back through
// changed(), to which the widgets and the view listen. Shared by Mechanisms and Histograms, hence
// in panels/ (veil_ui_base): no view library links another view's for it.
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <QVariant>

class QUndoStack;
class QWidget;

namespace veil::ui {

class DpParameters final : public QObject {
    Q_OBJECT

public:
    explicit DpParameters(QObject* parent = nullptr) : QObject(parent) {}

    QVariant value(const QString& key) const { return m_values.value(key); }
    double real(const QString& key) const { return m_values.value(key).toDouble(); }
    int integer(const QString& key) const { return m_values.value(key).toInt(); }
    bool flag(const QString& key) const { return m_values.value(key).toBool(); }
    QString text(const QString& key) const { return m_values.value(key).toString(); }

    // Sets without undo (used by the undo command and for defaults).
    void setValue(const QString& key, const QVariant& value);

Q_SIGNALS:
    void changed(const QString& key);

private:
    QHash<QString, QVariant> m_values;
};

// Pushes an undoable edit of `key` on `stack` unless the value is already `value`; consecutive
// edits of the same key (a slider drag) merge into one step. `label` names it in Edit > Undo.
void pushDpParameter(QUndoStack* stack, DpParameters* parameters, const QString& key, const QVariant& value,
                     const QString& label = {});

// Shows `value` in an editor of a parameter (line edit, spin box, check box, or a combo box whose
// items hold the values) without emitting its edit signals; other widgets are left alone.
void showDpParameter(QWidget* editor, const QVariant& value);

}  // namespace veil::ui
