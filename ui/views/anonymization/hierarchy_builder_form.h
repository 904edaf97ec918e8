// HierarchyBuilderForm: the parameters of core's hierarchy builders (intervals, masking, dates,
// ordered groups) as a form. build() calls the chosen core builder on a column's distinct values;
// changed() fires on every parameter edit so the editor can refresh its live preview.
#pragma once

#include "views/anonymization/hierarchy_preview.h"

#include "veil/common/status.h"
#include "veil/hierarchy/hierarchy.h"

#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QStackedWidget;

namespace veil::ui {

class HierarchyBuilderForm final : public QWidget {
    Q_OBJECT

public:
    enum Kind { Intervals, Masking, Dates, OrderedGroups };

    explicit HierarchyBuilderForm(QWidget* parent = nullptr);

    Kind kind() const;
    void setKind(Kind kind);
    // Sets starting parameters for a column (see suggestBuilder) without emitting changed().
    void applySuggestion(const BuilderSuggestion& suggestion);
    // The chosen builder with the current parameters bound, to run anywhere (a worker thread).
    HierarchyRecipe recipe() const;
    Result<hierarchy::Hierarchy> build(const std::vector<std::string>& values, const std::string& name) const {
        return recipe()(values, name);
    }

    // Widgets, for tests and keyboard users.
    QComboBox* kindCombo() const { return m_kind; }
    QDoubleSpinBox* widthSpin() const { return m_width; }
    QLineEdit* fanoutsEdit() const { return m_fanouts; }

Q_SIGNALS:
    void changed();

private:
    QWidget* makeIntervalsPage();
    QWidget* makeMaskingPage();
    QWidget* makeDatesPage();
    QWidget* makeOrderedPage();

    QComboBox* m_kind;
    QStackedWidget* m_pages;
    QDoubleSpinBox* m_origin = nullptr;
    QDoubleSpinBox* m_width = nullptr;
    QLineEdit* m_fanouts = nullptr;
    QLineEdit* m_bottom = nullptr;
    QLineEdit* m_top = nullptr;
    QSpinBox* m_maxMasked = nullptr;
    QCheckBox* m_month = nullptr;
    QCheckBox* m_year = nullptr;
    QCheckBox* m_decade = nullptr;
    QCheckBox* m_century = nullptr;
    QLineEdit* m_order = nullptr;
    QLineEdit* m_groupSizes = nullptr;
};

}  // namespace veil::ui
