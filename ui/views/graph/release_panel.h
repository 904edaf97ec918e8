// ReleasePanel: the Graph view's release form and results. The user picks the statistic, the
// privacy notion (edge / node), epsilon (log slider), delta, k and optionally a fixed seed; Compare
// runs core's compareReleases for every method of that notion on a worker thread through the
// window's release gate and shows each method's released value and noise scale side by side
// (global vs restricted sensitivity). In release mode each method is charged to the ledger before
// it is computed and no true value is shown; in teaching mode nothing is charged and the true and
// projected values appear. Seeded results are marked "seeded - not for release". Release… writes
// the release of ONE method (the selected column, else the first) as a release bundle (JSON,
// manifest, report; folder or .zip) naming the ledger entry it was charged to.
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
class PrivacyValueEdit;
class ReleaseModel;
class ReleaseSession;

class ReleasePanel final : public QWidget {
    Q_OBJECT

public:
    ReleasePanel(GraphParameters* parameters, QUndoStack* undo, JobMonitor* jobs, ReleaseSession* session,
                 QWidget* parent = nullptr);

    void setGraph(std::shared_ptr<const graph::Graph> graph);
    // The graph's file (the dataset a release is charged to).
    // The graph file and its labels file (empty: none), which declares the node set.
    void setSourcePath(const QString& path, const QString& labelsPath = QString()) {
        m_sourcePath = path;
        m_labelsDeclared = !labelsPath.isEmpty();
    }
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

public Q_SLOTS:
    void release();
    // Asks where, then writes the release bundle (see releaseTo).
    void releaseBundle();
    // Writes entry bundleEntryIndex() as a release bundle at `target` (folder, or .zip) naming the
    // ledger entry it was charged to; false (reason in noteText()) otherwise (teaching mode).
    bool releaseTo(const QString& target);

private:
    void connectOutdated();
    void syncFromParameters();
    QString currentStatistic() const;

    GraphParameters* m_parameters;
    QUndoStack* m_undo;
    ReleaseSession* m_session;
    std::shared_ptr<const graph::Graph> m_graph;
    CoreJob* m_job;
    ReleaseModel* m_model;
    QComboBox* m_statistic;
    QLineEdit* m_profile;
    QComboBox* m_privacy;
    QSlider* m_epsilon;
    PrivacyValueEdit* m_epsilonInput;  // the typed ε beside the slider
    QComboBox* m_delta;
    QSpinBox* m_k;
    QCheckBox* m_seeded;
    QPushButton* m_run;
    QPushButton* m_bundle;
    QLabel* m_banner;
    QLabel* m_note;
    QTableView* m_table;
    QString m_sourcePath;
    bool m_labelsDeclared = false;
    nlohmann::json m_runPlan;  // the settings of the results shown
    bool m_outdated = false;   // the settings changed since the results shown
    QString m_lastBundle;
};

}  // namespace veil::ui
