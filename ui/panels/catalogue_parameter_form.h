// CatalogueParameterForm: one editor per parameter an algorithm's catalogue entry declares
// (veil/common/catalogue.h): a spin box within the declared range, a check box, or the list of
// choices, labelled and explained as the catalogue says. Each is bound to a DpParameters value (see
// setParameters), so that the options a view sends are the catalogue's own and every edit is
// undoable. Parameters the view edits with its own controls are skipped.
#pragma once

#include "veil/common/catalogue.h"

#include <QHash>
#include <QStringList>
#include <QWidget>

#include <vector>

class QFormLayout;
class QUndoStack;

namespace veil::ui {

class DpParameters;

class CatalogueParameterForm final : public QWidget {
    Q_OBJECT

public:
    CatalogueParameterForm(DpParameters* params, QUndoStack* undo, QWidget* parent = nullptr);

    // Editors for `parameters` but those named in `skip` (object names "option-<name>"), bound to
    // the values `keyPrefix` + name, so that algorithms sharing a parameter name (a budget "ratio"
    // with different defaults and ranges) keep their own values; a parameter without a value yet
    // takes its catalogue default. Hidden when none is left.
    void setParameters(const std::vector<ParameterInfo>& parameters, const QStringList& skip,
                       const QString& keyPrefix = {});

private:
    QWidget* makeEditor(const ParameterInfo& p, const QString& key);
    void sync(const QString& key);

    DpParameters* m_params;
    QUndoStack* m_undo;
    QFormLayout* m_form;
    QHash<QString, QWidget*> m_editors;
};

}  // namespace veil::ui
