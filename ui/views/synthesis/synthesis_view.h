// SynthesisView: differentially private synthetic tables (issue 17; PrivBayes, MST, AIM). The
// steward checks the columns of the open table and declares their public domains, picks a method,
// ε (and δ for the zCDP methods) and the rows, and runs off the UI thread with progress and
// Cancel; the run is charged through the window's release gate before anything is computed
// (synth::releaseSynthetic, the same call as `veil-cli synth` and "synthetic" release plans).
// Results: the synthetic table, marginals and, in teaching mode, the evaluation against the real
// data. Release… writes the bundle of a "synthetic" plan (release::syntheticOutcome), charged once
// (at the run). A result whose inputs changed or whose next run failed is outdated: Release is off.
// Every edit of the settings (method, ε, δ, rows, seed, the domains' cells) is one undoable step on
// the document's undo stack.
#pragma once

#include "workbench/workbench_context.h"

#include <QWidget>

#include <nlohmann/json.hpp>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace veil::ui {

class CoreJob;
class DomainTable;
class PrivacyValueEdit;
class SynthesisResults;
struct SynthesisResult;

class SynthesisView final : public QWidget {
    Q_OBJECT

public:
    explicit SynthesisView(WorkbenchContext& context, QWidget* parent = nullptr);

    CoreJob* job() const { return m_job; }
    DomainTable* domains() const { return m_domains; }
    SynthesisResults* results() const { return m_results; }
    PrivacyValueEdit* epsilonEdit() const { return m_epsilon; }
    PrivacyValueEdit* deltaEdit() const { return m_delta; }
    QPushButton* releaseButton() const { return m_release; }
    QLabel* statusLabel() const { return m_status; }

public Q_SLOTS:
    void run();
    // Writes the bundle of the result shown to `target` (a folder, or a .zip); false with the reason.
    bool releaseTo(const QString& target);

Q_SIGNALS:
    void resultsShown();

private:
    QWidget* buildControls();
    void onTableReset();
    void onTeachingChanged(bool teaching);
    void onInputsChanged();
    void onMethodChanged();
    // The settings as the widgets hold them, and back (undo/redo); recordEdit pushes the change since
    // the last recorded settings as one ValueChangeCommand.
    nlohmann::json settingsJson() const;
    void applySettingsJson(const nlohmann::json& settings);
    void recordEdit();
    void updateFromDataWarning();
    void setStatus(const QString& text, bool error = false);
    void releaseBundle();

    WorkbenchContext m_context;  // a copy: the window passes a temporary
    CoreJob* m_job;
    DomainTable* m_domains;
    SynthesisResults* m_results;
    QComboBox* m_method;
    PrivacyValueEdit* m_epsilon;
    PrivacyValueEdit* m_delta;
    QLabel* m_deltaLabel;
    QSpinBox* m_rows;
    QCheckBox* m_seeded;
    QSpinBox* m_seed;
    QLabel* m_fromData;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_release;
    bool m_inputsChangedDuringRun = false;  // a result arriving then is shown outdated
    nlohmann::json m_lastSettings;          // what the last undo step left (null before the first table)
    bool m_applying = false;                // applySettingsJson is writing the widgets
};

}  // namespace veil::ui
