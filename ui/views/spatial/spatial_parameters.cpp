#include "views/spatial/spatial_parameters.h"

#include "workbench/value_change_command.h"

#include <QUndoStack>

namespace veil::ui {

SpatialParameters::SpatialParameters(QUndoStack* stack, QObject* parent) : QObject(parent), m_stack(stack) {}

void SpatialParameters::edit(const SpatialSettings& next, const QString& text, int mergeId) {
    if (next == m_settings) return;
    if (!m_stack) {
        apply(next);
        return;
    }
    m_stack->push(new ValueChangeCommand<SpatialSettings>(
        this, m_settings, next, [this](const SpatialSettings& s) { apply(s); }, text, {mergeId}));
}

void SpatialParameters::apply(const SpatialSettings& next) {
    if (next == m_settings) return;
    const SpatialSettings previous = m_settings;
    m_settings = next;
    Q_EMIT changed(previous, m_settings);
}

}  // namespace veil::ui
