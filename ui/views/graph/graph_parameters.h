// GraphParameters: the settings the Graph view edits (k, projection shown, epsilon, delta,
// statistic, privacy notion, layout algorithm, fixed seed). Widgets never write them directly:
// an edit becomes a ValueChangeCommand on the document's undo stack (pushGraphParameter), and every change
// (edit, undo, redo) comes back through changed(), to which the widgets and the view listen.
#pragma once

#include <QObject>
#include <QVariant>

#include <array>

class QUndoStack;

namespace veil::ui {

class GraphParameters final : public QObject {
    Q_OBJECT

public:
    enum Key { K, Projection, Epsilon, Delta, Statistic, Privacy, Layout, Seeded, KeyCount };
    // Projection values.
    enum ProjectionMode { EdgeProjection = 0, VertexLp = 1 };

    explicit GraphParameters(QObject* parent = nullptr);

    QVariant value(Key key) const { return m_values[key]; }
    int k() const { return m_values[K].toInt(); }
    int projection() const { return m_values[Projection].toInt(); }
    double epsilon() const { return m_values[Epsilon].toDouble(); }
    double delta() const { return m_values[Delta].toDouble(); }
    QString statistic() const { return m_values[Statistic].toString(); }  // core name: "triangles"
    QString privacy() const { return m_values[Privacy].toString(); }      // "edge" | "node"
    QString layout() const { return m_values[Layout].toString(); }        // "fruchterman-reingold" | "kamada-kawai"
    bool seeded() const { return m_values[Seeded].toBool(); }

    static QString keyName(Key key);

    // Sets without undo (used by the undo command and when a graph is opened).
    void setValue(Key key, const QVariant& value);

Q_SIGNALS:
    void changed(veil::ui::GraphParameters::Key key);

private:
    std::array<QVariant, KeyCount> m_values;
};

// Pushes an undoable edit of `key` on `stack` unless the value is already `value`; consecutive
// edits of the same key (a slider drag) merge into one step, dropped when back where it began.
void pushGraphParameter(QUndoStack* stack, GraphParameters* parameters, GraphParameters::Key key,
                        const QVariant& value);

}  // namespace veil::ui
