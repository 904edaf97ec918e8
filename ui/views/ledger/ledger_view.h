// LedgerView: what was spent on each dataset, when, and by which release. It shows the ledger the
// window charges (the open project's, or a file: default ~/.local/share/veil/ledger.sqlite, shared
// with `veil-cli --ledger` and `veil-cli release`; another file can be opened), a table of each
// dataset's budget, what was spent - the tightest (epsilon, delta) over the basic, zCDP and
// advanced routes, and the total rho - and what remains, with a progress bar, the entries with
// what each was charged (epsilon, delta, rho), and a form to set a dataset's total budget. Every
// release - from any view or Release > Run Release Plan - shows up here at once: they all charge
// the window's ReleaseSession.
#pragma once

#include "workbench/workbench_context.h"

#include "veil/common/status.h"
#include "veil/release/bundle_target.h"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QTableView;

namespace veil::release {
class PrivacyLedger;
}

namespace veil::ui {

class BudgetModel;
class LedgerEntryModel;
class ReleaseSession;

class LedgerView final : public QWidget {
    Q_OBJECT

public:
    explicit LedgerView(WorkbenchContext& context, QWidget* parent = nullptr);

    BudgetModel* budgetModel() const { return m_budgets; }
    LedgerEntryModel* entryModel() const { return m_entries; }

public Q_SLOTS:
    // Opens the ledger file at `path` (created if missing); false with the reason shown on error.
    bool openLedger(const QString& path);
    // Sets the total budget of the dataset named in the form.
    bool setBudget();
    void refresh();
    // The bundles on disk against the ledger (release::checkReleaseBundles); `fix` repairs.
    Result<std::vector<release::BundleCheckItem>> checkBundles(bool fix);
    // Lists them in a dialog and offers to repair.
    void checkBundlesInteractive();

private:
    void showDataset(int row);
    Status readLedger(release::PrivacyLedger& ledger, const QString& current);
    void setStatus(const QString& text, bool error = false);

    WorkbenchContext m_context;  // a copy: the window passes a temporary
    ReleaseSession* m_session;
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
