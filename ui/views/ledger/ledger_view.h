// LedgerView: what was spent on each dataset, when, and by which release. It shows the ledger
// file the window records into (default ~/.local/share/veil/ledger.sqlite, shared with
// `veil-cli dp --ledger` and `veil-cli release`; another file can be opened), a table of each
// dataset's budget, spent and remaining epsilon with a progress bar, the entries, and a form to
// set a dataset's total budget. Releases recorded from the Mechanisms and Histograms views show
// up here at once (they share the LedgerSession).
#pragma once

#include "workbench/workbench_context.h"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QTableView;

namespace veil::ui {

class BudgetModel;
class LedgerEntryModel;
class LedgerSession;

class LedgerView final : public QWidget {
    Q_OBJECT

public:
    explicit LedgerView(WorkbenchContext& context, QWidget* parent = nullptr);

    BudgetModel* budgetModel() const { return m_budgets; }
    LedgerEntryModel* entryModel() const { return m_entries; }

public slots:
    // Opens the ledger file at `path` (created if missing); false with the reason shown on error.
    bool openLedger(const QString& path);
    // Sets the total budget of the dataset named in the form.
    bool setBudget();
    void refresh();

private:
    void showDataset(int row);
    void setStatus(const QString& text, bool error = false);

    WorkbenchContext m_context;  // a copy: the window passes a temporary
    LedgerSession* m_session;
    BudgetModel* m_budgets;
    LedgerEntryModel* m_entries;
    QLineEdit* m_path;
    QTableView* m_budgetTable;
    QTableView* m_entryTable;
    QProgressBar* m_progress;
    QLabel* m_progressLabel;
    QLineEdit* m_dataset;
    QDoubleSpinBox* m_epsilon;
    QDoubleSpinBox* m_delta;
    QLabel* m_status;
    std::vector<std::string> m_knownDatasets;  // datasets given a budget in this session
};

}  // namespace veil::ui
