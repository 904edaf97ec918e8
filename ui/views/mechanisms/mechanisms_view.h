// MechanismsView: the differential-privacy playground (issue 5, seed 000/002/004). Pick a column
// of the open table, a query and a mechanism, epsilon on a log slider and delta; Run releases the
// answer once (shown with its noise scale and confidence interval, the true value only when
// teaching) and 1,000 more times for the histogram of repeated releases, optionally for a second
// mechanism side by side. A secure (unseeded) release can be recorded in the privacy ledger,
// which refuses it when the dataset's budget would be exceeded; with "Record before showing" a
// secure answer is shown only once the ledger has accepted it (the ledger's contract). Release…
// writes a release bundle of the answer shown (JSON, manifest, report.html/.pdf; folder or .zip)
// and records it in the same step; an answer already recorded is bundled without a second
// charge. Randomized response sits below.
#pragma once

#include "veil/dp/column_query.h"

#include "workbench/workbench_context.h"

#include <QWidget>

#include <cstdint>
#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;

namespace veil::ui {

class CoreJob;
class DpParameters;
class MechanismForm;
class MechanismResultPanel;
class RandomizedResponsePanel;

class MechanismsView final : public QWidget {
    Q_OBJECT

public:
    static constexpr int kRepeatedReleases = 1000;

    explicit MechanismsView(WorkbenchContext& context, QWidget* parent = nullptr);
    ~MechanismsView() override;

    DpParameters* parameters() const { return m_params; }
    CoreJob* job() const { return m_job; }
    MechanismResultPanel* panel(int index) const { return index == 0 ? m_panelA : m_panelB; }

public slots:
    void run();
    // Records panel A's release in the ledger; false (with the reason shown) when refused.
    bool recordRelease();
    // Asks where, then writes panel A's release as a bundle (see releaseTo).
    bool releaseBundle();
    // Writes panel A's release as a bundle at `target` (folder, or .zip) and records it unless it
    // is already in the ledger; false (with the reason shown) when refused or failed.
    bool releaseTo(const QString& target);
    const QString& lastBundle() const { return m_lastBundle; }

signals:
    void resultsShown();

private:
    void onTableReset();
    void onParameterChanged(const QString& key);
    void setStatus(const QString& text, bool error = false);
    // Records `r` in the ledger; the reason is shown when refused.
    bool record(const dp::ColumnQueryResult& r);

    WorkbenchContext m_context;  // a copy: the window passes a temporary
    DpParameters* m_params;
    MechanismForm* m_form;
    MechanismResultPanel* m_panelA;
    MechanismResultPanel* m_panelB;
    RandomizedResponsePanel* m_rr;
    QPushButton* m_run;
    QPushButton* m_record;
    QPushButton* m_release;
    QCheckBox* m_recordFirst;
    QLabel* m_status;
    CoreJob* m_job;
    bool m_recorded = false;
    std::optional<std::int64_t> m_recordedEntry;  // the ledger entry of the answer shown
    std::optional<std::uint64_t> m_runSeed;       // the fixed seed of the answer shown
    QString m_lastBundle;
};

}  // namespace veil::ui
