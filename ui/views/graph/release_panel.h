// ReleasePanel: the Graph view's release form and results. The user picks the statistic, the
// privacy notion (edge / node), epsilon (log slider), delta, k and optionally a fixed seed; Compare
// runs core's compareReleases for every method of that notion on a worker thread and shows true
// vs released values and each method's noise scale side by side (global vs restricted
// sensitivity, seed 001). Seeded results are marked "seeded - not for release". Release… writes
// the release of ONE method (the selected column, else the first) as a release bundle (JSON,
// manifest, report; folder or .zip) recorded in the privacy ledger, each result charged once.
#pragma once

#include "veil/graph/graph.h"
#include "veil/graph/mechanisms.h"

#include <QWidget>

#include <nlohmann/json.hpp>

#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableView;
class QUndoStack;

namespace veil::ui {

class CoreJob;
class GraphParameters;
class JobMonitor;
class ReleaseModel;

class ReleasePanel final : public QWidget {
    Q_OBJECT

public:
    ReleasePanel(GraphParameters* parameters, QUndoStack* undo, JobMonitor* jobs, QWidget* parent = nullptr);

    void setGraph(std::shared_ptr<const graph::Graph> graph);
    // The graph's file (the dataset a release is charged to).
    void setSourcePath(const QString& path) { m_sourcePath = path; }
    // The methods shown for a privacy notion and statistic, in table order.
    static std::vector<graph::MethodChoice> methodsFor(graph::Privacy privacy, const QString& statistic);
    static QString methodTitle(const graph::MethodChoice& m);
    // Epsilon <-> log slider position (0..3000 is 0.01..10, 1000 steps a decade).
    static int sliderPosition(double epsilon);
    static double epsilonAt(int position);
    static constexpr std::uint64_t kDemoSeed = 20130101;

    ReleaseModel* model() const { return m_model; }
    CoreJob* job() const { return m_job; }

    // The entry (in model order) that Release… writes: the selected column's, else the first.
    int bundleEntryIndex() const;
    const QString& lastBundle() const { return m_lastBundle; }
    QString noteText() const;

public slots:
    void release();
    // Asks where, then writes the release bundle (see releaseTo).
    void releaseBundle();
    // Writes entry bundleEntryIndex() as a release bundle at `target` (folder, or .zip) and
    // records it in the ledger (once per result); false (reason in noteText()) otherwise.
    bool releaseTo(const QString& target);

private:
    void syncFromParameters();
    QString currentStatistic() const;

    GraphParameters* m_parameters;
    QUndoStack* m_undo;
    std::shared_ptr<const graph::Graph> m_graph;
    CoreJob* m_job;
    ReleaseModel* m_model;
    QComboBox* m_statistic;
    QLineEdit* m_profile;
    QComboBox* m_privacy;
    QSlider* m_epsilon;
    QLabel* m_epsilonLabel;
    QComboBox* m_delta;
    QSpinBox* m_k;
    QCheckBox* m_seeded;
    QPushButton* m_run;
    QPushButton* m_bundle;
    QLabel* m_banner;
    QLabel* m_note;
    QTableView* m_table;
    QString m_sourcePath;
    nlohmann::json m_runPlan;                       // the settings of the results shown
    std::map<int, std::int64_t> m_releasedEntries;  // entry index -> ledger entry, for the results shown
    QString m_lastBundle;
};

}  // namespace veil::ui
