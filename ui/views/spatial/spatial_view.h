// SpatialView: the Spatial task view (issue 6). Points from the open table's two numeric columns
// or sampled from a DPBench 2-D shape; core builds a private quadtree, kd-tree or hybrid tree
// (veil/spatial) off the UI thread with progress and Cancel in the status bar; the canvas draws
// the leaves coloured by noisy density over the points; hover a cell for its counts, drag a
// rectangle for a range-count query. Each run goes through the window's release gate: in release
// mode it is charged to the ledger before any noise is drawn and shows released values only; in
// teaching mode (View > Teaching Mode) nothing is charged, true counts may be shown and a side
// chart shows the error of a public random-rectangle workload. Every settings edit is undoable;
// seeded runs are marked "seeded - not for release"; the picture exports as PNG or SVG.
// Release… writes the noisy cells of a charged result as a release bundle (GeoJSON, manifest,
// report; folder or .zip) naming the ledger entry of its charge; bundling spends nothing more.
#pragma once

#include "views/spatial/spatial_result.h"
#include "workbench/workbench_context.h"

#include <QWidget>

#include <memory>
#include <optional>

class QChartView;
class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace veil::ui {

class LeafTableModel;
class RecommendationBar;
class SpatialCanvas;
class SpatialControls;
class SpatialParameters;
class SpatialRunner;

class SpatialView final : public QWidget {
    Q_OBJECT

public:
    explicit SpatialView(WorkbenchContext& context, QWidget* parent = nullptr);
    ~SpatialView() override;

    SpatialParameters* parameters() const { return m_parameters; }
    SpatialControls* controls() const { return m_controls; }
    SpatialCanvas* canvas() const { return m_canvas; }
    SpatialRunner* runner() const { return m_runner; }
    LeafTableModel* leafModel() const { return m_leafModel; }
    QChartView* errorChart() const { return m_chartView; }
    RecommendationBar* recommendation() const { return m_recommendation; }
    std::shared_ptr<const SpatialResult> result() const { return m_result; }

    // Starts a run now (newDraw: a fresh random draw, also with a fixed seed).
    void run(bool newDraw = false);
    // Asks core for a range-count query and shows the answer (what dragging on the canvas does).
    void askRange(const spatial::Rect& rect);
    const std::optional<spatial::RangeAnswer>& lastRangeAnswer() const { return m_rangeAnswer; }
    QString hoverText() const;
    QString rangeText() const;
    QString statusText() const;
    bool exportPicture(const QString& path) const;
    // Writes the current result as a release bundle at `target` (folder, or .zip); false (with the
    // reason in statusText()) when there is no result, the ledger refuses or writing fails.
    bool releaseTo(const QString& target);
    const QString& lastBundle() const { return m_lastBundle; }

Q_SIGNALS:
    // A run delivered a new result (the previous one is replaced).
    void resultChanged();
    void runFailed(const QString& message);
    void runCancelled();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void onTableReset();
    void onSettingsChanged(const SpatialSettings& previous, const SpatialSettings& current);
    void onSucceeded();
    void onHovered(int node);
    void browseShape();
    void exportPictureInteractive();
    void releaseInteractive();
    void updateInfo();
    // The recommender bar's setting (domain, epsilon, declared N of a shape) and its "Noisy N".
    void updateRecommendation();
    void releaseNoisyScale();
    void updateChart();
    void showTrueChanged(bool show);
    void onTeachingChanged(bool teaching);
    void updateTeachingWidgets();
    bool isTeaching() const;
    // True counts are shown only for a teaching-mode result, in teaching mode, when asked for.
    bool showsTruth() const;

    WorkbenchContext& m_context;
    SpatialParameters* m_parameters;
    SpatialControls* m_controls;
    SpatialCanvas* m_canvas;
    SpatialRunner* m_runner;
    LeafTableModel* m_leafModel;
    QTableView* m_leafTable;
    QChartView* m_chartView;
    QLabel* m_hoverLabel;
    QLabel* m_rangeLabel;
    QLabel* m_infoLabel;
    QLabel* m_hintLabel;                  // a known-poor configuration (teaching mode, see configuration_hints.h)
    RecommendationBar* m_recommendation;  // the measured best tree for this setting (any mode)
    QTimer* m_autoRunTimer;
    QPushButton* m_release;
    QString m_releaseNote;
    QString m_lastBundle;
    std::shared_ptr<const SpatialResult> m_result;
    std::shared_ptr<const spatial::PointSet> m_points;  // cached for m_pointsSettings
    SpatialSettings m_pointsSettings;
    std::optional<spatial::Rect> m_range;
    std::optional<spatial::RangeAnswer> m_rangeAnswer;
    QString m_error;
    int m_draw = 0;
    bool m_pendingRun = false;  // an automatic run waits until the view is shown
};

}  // namespace veil::ui
