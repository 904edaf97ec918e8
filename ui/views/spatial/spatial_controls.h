// SpatialControls: the Spatial view's settings panel - where the points come from (two numeric
// table columns, or a DPBench shape file and a scale N on a log slider), tree type, height,
// epsilon on a log slider (0.01 .. 10), budget strategy, kd median method, post-processing,
// fixed seed (demo), "show true values" and "re-run on change" (teaching mode only: in release
// mode each run is charged, so only Run runs), the declared domain of table points, and Run /
// re-run with a new draw. It only reports edits (`edited`); the view turns them into undo
// commands and calls setSettings() back.
#pragma once

#include "views/spatial/spatial_settings.h"

#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSlider;
class QSpinBox;

namespace veil::ui {

class SpatialControls final : public QWidget {
    Q_OBJECT

public:
    explicit SpatialControls(QWidget* parent = nullptr);

    // Shows `settings` without emitting edits.
    void setSettings(const SpatialSettings& settings);
    // The numeric columns of the open table (x and y choices).
    void setNumericColumns(const QStringList& columns);
    void setRunning(bool running);
    bool autoRun() const;
    // Teaching mode enables "show true values" and automatic re-runs.
    void setTeaching(bool teaching);

    // Slider positions <-> values (log scales).
    static int epsilonToSlider(double epsilon);
    static double sliderToEpsilon(int position);
    static int scaleToSlider(std::uint64_t scale);
    static std::uint64_t sliderToScale(int position);
    static int maxHeight(spatial::TreeKind kind);

Q_SIGNALS:
    void edited(const veil::ui::SpatialSettings& next, const QString& text, int mergeId);
    void runRequested(bool newDraw);
    void browseShapeRequested();

private:
    void emitEdit(const QString& text, int mergeId = -1);
    void updateEnabled();

    SpatialSettings m_settings;
    bool m_updating = false;
    QRadioButton* m_fromTable;
    QRadioButton* m_fromShape;
    QComboBox* m_xColumn;
    QComboBox* m_yColumn;
    QLineEdit* m_domain;
    QLineEdit* m_shapePath;
    QPushButton* m_browse;
    QSlider* m_scale;
    QLabel* m_scaleLabel;
    QComboBox* m_tree;
    QSpinBox* m_height;
    QSlider* m_epsilon;
    QLabel* m_epsilonLabel;
    QComboBox* m_budget;
    QComboBox* m_median;
    QCheckBox* m_postprocess;
    QCheckBox* m_seeded;
    QSpinBox* m_seed;
    QCheckBox* m_showTrue;
    QCheckBox* m_autoRun;
    QPushButton* m_run;
    QPushButton* m_rerun;
    bool m_teaching = false;
};

}  // namespace veil::ui
