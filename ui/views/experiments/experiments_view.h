// ExperimentsView: utility against epsilon (issue 9). Pick a data set (DPBench .npy or CSV counts),
// a workload and methods from core's method registry, set the epsilon grid and the trials, and Run:
// veil::eval::runExperiment runs off the UI thread with progress and Cancel (a cancelled run keeps
// the previous results). Shows error against epsilon (log axes, median line and IQR band per
// method, tooltips with the exact numbers), the numbers as a table, and exports the chart (PNG,
// SVG), the trials and the summary (CSV), and the experiment itself (JSON, docs/examples format).
// Experiment type "Syntactic anonymity (k)": an anonymity experiment (a table with QIs and
// hierarchies, loaded from a file such as docs/examples/adult-k-sweep.json) over a k grid; the
// chart plots the chosen measure (loss, risk, ...) against k, one line per method.
#pragma once

#include "veil/eval/experiment.h"
#include "veil/eval/sweep.h"

#include <QWidget>

#include <nlohmann/json.hpp>

#include <memory>

class QChart;
class QCheckBox;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;

namespace veil::ui {

struct WorkbenchContext;
class SweepJob;
class SweepSummaryModel;
class AnonymitySweepModel;

class ExperimentsView final : public QWidget {
    Q_OBJECT

public:
    explicit ExperimentsView(WorkbenchContext& context, QWidget* parent = nullptr);
    // A running sweep is cancelled and waited for; the status bar forgets it.
    ~ExperimentsView() override;

    // The experiment the settings describe (dataset path absolute, no base directory).
    Result<eval::Experiment> currentExperiment() const;
    // Shows an experiment's settings (an undoable edit).
    void setExperiment(const eval::Experiment& experiment);
    bool loadExperimentFile(const QString& path);
    bool saveExperimentFile(const QString& path);
    bool exportChart(const QString& path);       // .png or .svg
    bool exportTrialsCsv(const QString& path);   // one row per (method, epsilon, trial)
    bool exportSummaryCsv(const QString& path);  // the table, for the chosen metric

    void setMetric(eval::Metric metric);
    void setThreads(int threads) { m_threads = threads; }

    // Syntactic anonymity experiments (a k grid instead of epsilon).
    bool isAnonymityMode() const;
    void setAnonymityMode(bool on);  // an undoable edit, like the other settings
    void setAnonymityMeasure(eval::AnonymityMeasure measure);
    eval::AnonymityMeasure anonymityMeasure() const { return m_measure; }
    // Loads docs/examples/adult-k-sweep.json (found beside the bundled samples).
    bool loadAnonymityExample();
    AnonymitySweepModel* anonymityModel() const { return m_anonymityModel; }

    const std::shared_ptr<eval::SweepResult>& result() const { return m_result; }
    SweepSummaryModel* summaryModel() const { return m_model; }
    QChartView* chartView() const { return m_chartView; }
    SweepJob* job() const { return m_job; }
    QString statusText() const;

public Q_SLOTS:
    void run();
    void cancel();

Q_SIGNALS:
    void resultsShown();
    void runEnded();

private:
    enum WorkloadChoice { PrefixChoice, IdentityChoice, RandomRangesChoice, FromFileChoice };
    // experiments_view_controls.cpp
    QWidget* buildControls();
    QLayout* buildFileRow();
    QLayout* buildTypeRow();
    QWidget* buildDataGroup();
    QWidget* buildMethodsGroup();
    QWidget* buildGridGroup();
    QLayout* buildRunRow();
    QWidget* buildShowGroup();
    // experiments_view.cpp
    void populateMethods();
    nlohmann::json settingsJson() const;
    void applySettingsJson(const nlohmann::json& j);
    void settingsEdited();
    void showResult(const std::shared_ptr<eval::SweepResult>& result);
    void redrawChart();
    void setStatus(const QString& text, bool error = false);
    void setRunning(bool running);
    // experiments_view_anonymity.cpp
    QWidget* buildAnonymityControls();
    void applyMode(bool anonymity);  // visibility, metric list, method list family
    void fillMetricChoices(bool anonymity);
    Result<eval::Experiment> currentAnonymityExperiment() const;
    // The ticked methods of the list (each item holds its method spec as JSON); an error when none.
    Result<std::vector<eval::MethodSpec>> checkedMethods() const;
    void setAnonymityExperiment(const eval::Experiment& experiment);
    void showAnonymityResult(const std::shared_ptr<eval::SweepResult>& result);
    QChart* buildChart() const;
    void updateAnonymitySummary();

    WorkbenchContext& m_context;
    SweepJob* m_job;
    SweepSummaryModel* m_model;
    eval::Experiment m_base;  // name, description, delta, sample, workload file... of a loaded file
    nlohmann::json m_lastSettings;
    bool m_applying = false;
    int m_threads = 0;
    std::shared_ptr<eval::SweepResult> m_result;

    QLineEdit* m_dataset;
    QComboBox* m_workload;
    QSpinBox* m_rangeCount;
    QListWidget* m_methods;
    QDoubleSpinBox* m_epsFrom;
    QDoubleSpinBox* m_epsTo;
    QSpinBox* m_epsCount;
    QCheckBox* m_logSpaced;
    QSpinBox* m_trials;
    QCheckBox* m_fixedSeed;
    QSpinBox* m_seed;
    QComboBox* m_metric;
    QComboBox* m_type = nullptr;
    QWidget* m_dataGroup;
    QWidget* m_gridGroup;
    QWidget* m_anonymityGroup;
    QLabel* m_anonymitySummary;
    QLineEdit* m_kGrid;
    QDoubleSpinBox* m_suppression;
    QLabel* m_metricLabel;
    AnonymitySweepModel* m_anonymityModel;
    eval::AnonymityMeasure m_measure = eval::AnonymityMeasure::Loss;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QLabel* m_status;
    QLabel* m_seededBadge;
    QChartView* m_chartView;
    QTableView* m_table;
};

}  // namespace veil::ui
