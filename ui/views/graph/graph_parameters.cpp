#include "views/graph/graph_parameters.h"

#include "workbench/value_change_command.h"

#include <QCoreApplication>
#include <QUndoStack>

namespace veil::ui {

GraphParameters::GraphParameters(QObject* parent) : QObject(parent) {
    m_values[K] = 5;
    m_values[Projection] = int(EdgeProjection);
    m_values[Epsilon] = 1.0;
    m_values[Delta] = 1e-6;
    m_values[Statistic] = QStringLiteral("triangles");
    m_values[Privacy] = QStringLiteral("edge");
    m_values[Layout] = QStringLiteral("kamada-kawai");
    m_values[Seeded] = false;
}

QString GraphParameters::keyName(Key key) {
    switch (key) {
        case K:
            return tr("k");
        case Projection:
            return tr("projection");
        case Epsilon:
            return tr("epsilon");
        case Delta:
            return tr("delta");
        case Statistic:
            return tr("statistic");
        case Privacy:
            return tr("privacy notion");
        case Layout:
            return tr("layout");
        case Seeded:
            return tr("fixed seed");
        case KeyCount:
            break;
    }
    return {};
}

void GraphParameters::setValue(Key key, const QVariant& value) {
    if (m_values[key] == value) return;
    m_values[key] = value;
    Q_EMIT changed(key);
}

void pushGraphParameter(QUndoStack* stack, GraphParameters* parameters, GraphParameters::Key key,
                        const QVariant& value) {
    if (parameters->value(key) == value) return;
    const QString text = QCoreApplication::translate("GraphView", "Set %1").arg(GraphParameters::keyName(key));
    stack->push(new ValueChangeCommand<QVariant>(parameters, parameters->value(key), value,
                                                 [parameters, key](const QVariant& v) { parameters->setValue(key, v); },
                                                 text, {merge_id::kGraphParameterBase + int(key), {}, true}));
}

}  // namespace veil::ui
