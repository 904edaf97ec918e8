// ModelsPanel: the privacy models and run options of the anonymization view: k, l-diversity
// (variant, l, c), t-closeness (variant, t), suppression limit, metric, algorithm (with local
// recoding's gs-factor and iterations) and local suppression (off / greedy / optimal). Every edit
// goes to AnonymizationState::edit (one undo step; spinning a value merges into one step); the
// panel redraws itself from the state, so undo/redo show up here.
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace veil::ui {

class AnonymizationState;
class Document;

class ModelsPanel final : public QWidget {
    Q_OBJECT

public:
    ModelsPanel(AnonymizationState* state, Document* document, QWidget* parent = nullptr);

    QSpinBox* kSpin() const { return m_k; }
    QComboBox* algorithmCombo() const { return m_algorithm; }
    QDoubleSpinBox* gsFactorSpin() const { return m_gsFactor; }
    QSpinBox* iterationsSpin() const { return m_iterations; }
    // Items hold -1 (off) or the LocalSuppressionMethod.
    QComboBox* localSuppressionCombo() const { return m_localSuppression; }
    // Items hold the LocalSuppressionSemantics.
    QComboBox* suppressionSemanticsCombo() const { return m_semantics; }

private:
    void refresh();
    void refreshRoles();
    void buildTransformation(QFormLayout* form, QWidget* parent);
    void connectTransformation();
    template <typename F>
    void editSettings(const QString& text, int mergeId, F change);

    AnonymizationState* m_state;
    Document* m_document;
    QLabel* m_roles;
    QSpinBox* m_k;
    QCheckBox* m_lEnabled;
    QComboBox* m_lVariant;
    QDoubleSpinBox* m_l;
    QDoubleSpinBox* m_c;
    QCheckBox* m_tEnabled;
    QComboBox* m_tVariant;
    QDoubleSpinBox* m_t;
    QDoubleSpinBox* m_suppression;
    QComboBox* m_metric;
    QComboBox* m_algorithm;
    QFormLayout* m_runForm;
    QDoubleSpinBox* m_gsFactor;
    QSpinBox* m_iterations;
    QComboBox* m_localSuppression;
    QComboBox* m_semantics;
};

}  // namespace veil::ui
