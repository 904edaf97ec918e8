// AnonymizationView: the anonymization workbench tab. Sub-tabs: Configure (roles, privacy
// models, hierarchies), Groups (summary, classes, class-size chart, tinted tables), Lattice,
// Mondrian cuts, Risk, Attacks, Utility, Compare; a bar on top runs the engine off the UI thread
// (status-bar progress and Cancel through the JobMonitor; a cancelled run keeps the previous result),
// releases the result as a bundle (Release…: CSV, manifest.json, plan.json, report; recorded in the
// ledger with epsilon 0) and still exports the bare CSV + `<name>.manifest.json`.
#pragma once

#include "views/anonymization/anonymization_settings.h"
#include "workbench/workbench_context.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QTabWidget;

namespace veil::ui {

class AnonymizationJob;
class AnonymizationState;
class AttacksPage;
class ComparePage;
class GroupsPage;
class HierarchyEditor;
class LatticePage;
class ModelsPanel;
class MondrianPage;
class RiskPage;
class UtilityPage;
struct AnonymizationRun;

class AnonymizationView final : public QWidget {
    Q_OBJECT

public:
    explicit AnonymizationView(WorkbenchContext& context, QWidget* parent = nullptr);
    ~AnonymizationView() override;

    // Runs the configured search on the document's table.
    void run();
    // Applies one lattice node (levels per QI) to the last run's input and plan.
    void applyTransformation(const std::vector<int>& levels);
    // Writes the release CSV and `<csv>.manifest.json` beside it; false with a message shown.
    bool exportRelease(const QString& csvPath);
    // Writes the last result as a release bundle to `target` (a new folder, or a .zip) and records
    // it in the ledger (once per result); false with the reason in the status line.
    bool releaseTo(const QString& target);

    AnonymizationState* state() const { return m_state; }
    AnonymizationJob* job() const { return m_job; }
    QTabWidget* tabs() const { return m_tabs; }
    ModelsPanel* modelsPanel() const { return m_models; }
    HierarchyEditor* hierarchyEditor() const { return m_hierarchies; }
    GroupsPage* groupsPage() const { return m_groups; }
    LatticePage* latticePage() const { return m_lattice; }
    MondrianPage* mondrianPage() const { return m_mondrian; }
    RiskPage* riskPage() const { return m_risk; }
    UtilityPage* utilityPage() const { return m_utility; }
    AttacksPage* attacksPage() const { return m_attacks; }
    ComparePage* comparePage() const { return m_compare; }
    QPushButton* runButton() const { return m_runButton; }
    QPushButton* releaseButton() const { return m_releaseButton; }
    QLabel* statusLabel() const { return m_status; }

private:
    // `settingsVersion`: the version of the settings the run computes (see settingsVersion()).
    void start(const Table& table, const QString& path, const anonymity::AnonymizationConfig& config,
               const QString& label, std::uint64_t settingsVersion);
    void onSucceeded(std::shared_ptr<const AnonymizationRun> run);
    void setStatus(const QString& text, bool error);
    void releaseInteractive();
    // Why the result shown cannot be exported or released ("" when it can): none, not anonymous
    // (no optimum, or a lattice node that violates the models), or outdated.
    QString unusableReason() const;
    void updateActions();
    void connectResultState();

    WorkbenchContext& m_context;
    AnonymizationState* m_state;
    AnonymizationJob* m_job;
    QTabWidget* m_tabs;
    ModelsPanel* m_models;
    HierarchyEditor* m_hierarchies;
    GroupsPage* m_groups;
    LatticePage* m_lattice = nullptr;
    MondrianPage* m_mondrian = nullptr;
    RiskPage* m_risk = nullptr;
    UtilityPage* m_utility = nullptr;
    AttacksPage* m_attacks = nullptr;
    ComparePage* m_compare = nullptr;
    QPushButton* m_runButton;
    QPushButton* m_exportButton;
    QPushButton* m_releaseButton;
    std::optional<std::int64_t> m_releasedEntry;  // the ledger entry of the result shown, once released
    QLabel* m_status;
    QString m_releaseTip;
    bool m_failedSinceRun = false;       // a run failed after the result shown
    std::uint64_t m_runVersion = 0;      // the settings version of the result shown
    std::uint64_t m_pendingVersion = 0;  // ... and of the run under way
};

}  // namespace veil::ui
