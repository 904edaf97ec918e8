// HistogramsView: private histograms for range queries (issue 5; Hay et al. 2010, Xiao et al.
// 2010, Hardt et al. 2012). The counts come from a column of the open table over a declared domain
// (numeric bounds and bins, or categories) or a counts file (DPBench .npy or CSV; a 2-D file is a
// grid of declared rows x columns, released by the strategies that take a grid and drawn as a heat
// map). Run releases
// the histogram with a strategy of the catalogue through the window's release gate (charged
// before it is drawn) and draws the private bars. In teaching mode (public or sample data) it also
// draws the true counts and compares every strategy's range-query error at the same epsilon
// (DPBench's scaled average error over random ranges and repeated trials).
#pragma once

#include "panels/data_filled_domain.h"
#include "workbench/workbench_context.h"

#include <QWidget>

#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace veil::ui {

class CoreJob;
class CatalogueParameterForm;
class GridHeatMap;
class DpParameters;
class EpsilonSlider;
class RecommendationBar;
class StrategyErrorModel;
struct HistogramRunResult;

class HistogramsView final : public QWidget {
    Q_OBJECT

public:
    static constexpr int kWorkloadQueries = 1000;

    explicit HistogramsView(WorkbenchContext& context, QWidget* parent = nullptr);

    DpParameters* parameters() const { return m_params; }
    CoreJob* job() const { return m_job; }
    StrategyErrorModel* errorModel() const { return m_errors; }
    QChartView* barsChartView() const { return m_barsView; }
    GridHeatMap* gridView() const { return m_gridView; }
    QChartView* errorChartView() const { return m_errorView; }
    const std::vector<double>& trueCounts() const { return m_counts; }
    const std::vector<double>& estimate() const { return m_estimate; }
    RecommendationBar* recommendation() const { return m_recommendation; }

public Q_SLOTS:
    void run();
    // Loads a counts file (.npy or CSV) as the source; false with the reason shown on error.
    bool openCountsFile(const QString& path);

Q_SIGNALS:
    void resultsShown();

private:
    void buildControls(QWidget* panel);
    void sync(const QString& key);
    void updateStrategyOptions();
    // The strategy list (and the recommender's candidates) for the source: the 1-D strategies, or
    // those that release a grid when the counts file is 2-D.
    void refillStrategies();
    bool fileIsGrid() const;
    void onTableReset();
    void onTeachingChanged(bool teaching);
    void updateDomainRows();
    bool columnIsNumeric() const;
    void clearResult();
    void show(const HistogramRunResult& result);
    void setStatus(const QString& text, bool error = false);
    // The recommender's setting: the declared domain (bins, categories or the file's bins) and epsilon.
    void updateRecommendation();
    // "Noisy N": a noisy count of the column through the window's gate (charged in release mode).
    void releaseNoisyScale();

    WorkbenchContext m_context;  // a copy: the window passes a temporary
    DpParameters* m_params;
    DataFilledDomain m_dataFilled;  // the domain fields teaching mode filled from the data
    CoreJob* m_job;
    StrategyErrorModel* m_errors;
    QComboBox* m_source;
    QComboBox* m_column;
    QComboBox* m_strategy;
    CatalogueParameterForm* m_strategyOptions = nullptr;
    RecommendationBar* m_recommendation;
    EpsilonSlider* m_epsilon;
    QLineEdit* m_categories;
    QLabel* m_fileLabel;
    QLabel* m_description;
    QLabel* m_status;
    QPushButton* m_run;
    QChartView* m_barsView;
    GridHeatMap* m_gridView;
    QChartView* m_errorView;
    QTableView* m_errorTable;
    std::vector<double> m_fileCounts;
    std::size_t m_fileRows = 0, m_fileColumns = 0;  // a 2-D counts file's declared shape; 0 for 1-D
    std::vector<double> m_counts;                   // shown result: true counts (teaching mode only)
    std::vector<double> m_estimate;                 // shown result: private estimate
};

}  // namespace veil::ui
