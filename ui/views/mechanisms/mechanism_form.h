// MechanismForm: the Mechanisms view's settings (column, query, mechanism, the mechanism to
// compare with, epsilon on a log slider with a typed field, one delta per mechanism, declared clamping bounds, bins or
// categories, fixed seed, show true value). Every user edit becomes an undoable DpParameters change; the widgets follow
// the parameters on edit, undo and redo. specFor() turns the parameters into core's ColumnQuerySpec. Output domains are
// declared: in release mode the bounds and categories are what the user typed; only teaching mode fills them in from
// the data (public or sample data).
#pragma once

#include "panels/data_filled_domain.h"
#include "veil/dp/column_query.h"

#include <QWidget>

#include <optional>
#include <utility>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QUndoStack;

namespace veil::ui {

class DpParameters;
class EpsilonSlider;
class PrivacyValueEdit;

class MechanismForm final : public QWidget {
    Q_OBJECT

public:
    MechanismForm(DpParameters* parameters, QUndoStack* undoStack, QWidget* parent = nullptr);

    // Fills the column list from the table and resets the parameters to defaults (no undo).
    void setTable(const Table& table);
    // The spec for mechanism `mechanismKey` ("" = the query's natural one); `comparison` takes
    // the compared mechanism's own delta ("delta-b"), so that e.g. the exponential mechanism
    // (delta = 0) can run beside the smooth-sensitivity median (delta > 0).
    dp::ColumnQuerySpec specFor(const QString& mechanismKey, bool comparison = false) const;
    // True while a clamp bound is still the column's own minimum or maximum, read off the data in
    // teaching mode (the warning shows while it is used).
    bool boundsFromData() const;
    // Why a release must wait: a bound or the categories the query uses still read off the data
    // (panels/data_filled_domain.h); empty when none.
    QString domainRefusal() const;
    // Teaching mode: bounds and categories follow the chosen column's data; "show true value" is
    // available. Release mode: neither.
    void setTeaching(bool teaching);

private:
    void setDefaults();
    void connectEdits();
    void sync(const QString& key);
    void updateVisibility();
    void updateBoundsWarning();
    void pickColumn(const QString& name);
    // Teaching mode only: the column's own range and (up to 50) values as bounds and categories.
    void domainFromData(const QString& name, bool undoable);
    bool numericColumn() const;
    template <typename W>
    W* add(W* widget, const QString& name, const QString& label);

    DpParameters* m_params;
    QUndoStack* m_undo;
    const Table* m_table = nullptr;
    QFormLayout* m_layout;
    QComboBox* m_column;
    QComboBox* m_query;
    QDoubleSpinBox* m_quantile;
    QDoubleSpinBox* m_rangeLower;
    QDoubleSpinBox* m_rangeUpper;
    QComboBox* m_mechanism;
    QComboBox* m_compare;
    EpsilonSlider* m_epsilon;
    PrivacyValueEdit* m_delta;
    PrivacyValueEdit* m_deltaB;
    QLabel* m_boundsWarning;
    DataFilledDomain m_dataFilled;  // bounds and categories last read off the data
    QDoubleSpinBox* m_lower;
    QDoubleSpinBox* m_upper;
    QSpinBox* m_bins;
    QLineEdit* m_categories;
    QCheckBox* m_other;
    QLabel* m_domainHint;
    bool m_teaching = false;
    QCheckBox* m_seeded;
    QSpinBox* m_seed;
    QCheckBox* m_showTrue;
};

}  // namespace veil::ui
