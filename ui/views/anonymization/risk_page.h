// RiskPage: re-identification risk of the input table (the quasi-identifiers as configured) and,
// when a result exists, of the released table, side by side: prosecutor risk, records at risk
// above a threshold, sample uniques, the share of records per risk band (a chart), population
// uniques by Zayatz, Pitman and SNB with Dankar et al.'s choice among them (given a population
// size or sampling fraction), and on request which sets of quasi-identifiers single records out
// (attribute risk) and which records a few of their values single out (special uniques, SUDA2).
// Everything is computed off the UI thread by core; the released figures are marked outdated when
// the settings changed since the run.
#pragma once

#include "views/anonymization/risk_findings.h"

#include <QWidget>

#include <optional>

class QChartView;
class QDoubleSpinBox;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace veil::ui {

class AnonymizationState;
class AttributeRiskPanel;
class CoreJob;
class Document;
class SudaPanel;
class JobMonitor;

class RiskPage final : public QWidget {
    Q_OBJECT

public:
    RiskPage(AnonymizationState* state, Document* document, JobMonitor* jobs, QWidget* parent = nullptr);
    ~RiskPage() override;

    // Recomputes now (otherwise: shortly after an input changed, while the page is shown).
    void refresh();
    bool isComputing() const;

    // The figures shown: the input table's and the released table's (none before a run).
    const std::optional<RiskFindings>& before() const { return m_before; }
    const std::optional<RiskFindings>& after() const { return m_after; }

    QDoubleSpinBox* thresholdSpin() const { return m_threshold; }
    QLineEdit* populationEdit() const { return m_population; }
    QLabel* statusLabel() const { return m_status; }
    QTableWidget* summaryTable() const { return m_summary; }
    QChartView* chartView() const { return m_chart; }
    QGroupBox* uniquenessBox() const { return m_uniquenessBox; }
    QTableWidget* uniquenessTable() const { return m_uniqueness; }
    QLabel* dankarLabel() const { return m_dankar; }
    AttributeRiskPanel* attributeRisk() const { return m_attributes; }
    SudaPanel* suda() const { return m_suda; }
    // The tabs below the figures: attribute risk, special uniques.
    QTabWidget* analysisTabs() const { return m_analyses; }

    // Rows of the summary table.
    enum SummaryRow { ProsecutorMax, ProsecutorAverage, RecordsAtRisk, SampleUniques, SummaryRows };

Q_SIGNALS:
    // New figures are shown.
    void refreshed();

protected:
    void showEvent(QShowEvent* event) override;

private:
    QHBoxLayout* buildControls();
    void buildSummary();
    void buildUniqueness();
    void inputsChanged();
    void display(std::optional<RiskFindings> before, std::optional<RiskFindings> after);
    void showSummary();
    void showUniqueness();
    void updateStatus();

    AnonymizationState* m_state;
    Document* m_document;
    CoreJob* m_job;
    QTimer* m_debounce;
    bool m_dirty = true;
    QString m_error;
    QDoubleSpinBox* m_threshold;
    QLineEdit* m_population;
    QLabel* m_status;
    QTableWidget* m_summary = nullptr;
    QChartView* m_chart;
    QGroupBox* m_uniquenessBox = nullptr;
    QTableWidget* m_uniqueness = nullptr;
    QLabel* m_dankar = nullptr;
    QLabel* m_uniquenessHint = nullptr;
    AttributeRiskPanel* m_attributes;
    SudaPanel* m_suda;
    QTabWidget* m_analyses;
    std::optional<RiskFindings> m_before;
    std::optional<RiskFindings> m_after;
};

}  // namespace veil::ui
