// MechanismsView: the differential-privacy playground (issue 5, seed 000/002/004). Pick a column
// of the open table, a query and a mechanism, epsilon on a log slider and delta; Run makes one
// release through the window's release gate, optionally for a second mechanism side by side.
// Release mode (the default): every answer shown was charged to the ledger before it was drawn,
// both sides of a comparison included; a refusal shows nothing new and says why; the noise is
// drawn around zero, never around the truth. Teaching mode (public or sample data): nothing is
// charged, the true value may be shown and 1,000 more releases draw the histogram of repeated
// answers; every result says it is not private. Release… writes a bundle of the answer shown
// (JSON, manifest, report.html/.pdf; folder or .zip) naming its ledger entry (no second charge).
// Randomized response sits below.
#pragma once

#include "veil/dp/column_query.h"

#include "workbench/workbench_context.h"

#include <QWidget>

#include <cstdint>
#include <optional>

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
    static constexpr int kRepeatedReleases = 1000;  // teaching mode only

    explicit MechanismsView(WorkbenchContext& context, QWidget* parent = nullptr);
    ~MechanismsView() override;

    DpParameters* parameters() const { return m_params; }
    CoreJob* job() const { return m_job; }
    MechanismResultPanel* panel(int index) const { return index == 0 ? m_panelA : m_panelB; }
    QLabel* statusLabel() const { return m_status; }

public Q_SLOTS:
    void run();
    // Asks where, then writes panel A's release as a bundle (see releaseTo).
    bool releaseBundle();
    // Writes panel A's release as a bundle at `target` (folder, or .zip); it names the ledger
    // entry the release was charged to. False (with the reason shown) when refused or failed.
    bool releaseTo(const QString& target);
    const QString& lastBundle() const { return m_lastBundle; }

Q_SIGNALS:
    void resultsShown();

private:
    void onTableReset();
    void onTeachingChanged(bool teaching);
    void onParameterChanged(const QString& key);
    void setStatus(const QString& text, bool error = false);
    // Marks the answers shown as outdated (see MechanismResultPanel) and disables Release….
    void markOutdated(const QString& reason);

    WorkbenchContext m_context;  // a copy: the window passes a temporary
    DpParameters* m_params;
    MechanismForm* m_form;
    MechanismResultPanel* m_panelA;
    MechanismResultPanel* m_panelB;
    RandomizedResponsePanel* m_rr;
    QPushButton* m_run;
    QPushButton* m_release;
    QLabel* m_status;
    CoreJob* m_job;
    QString m_lastBundle;
    std::optional<std::uint64_t> m_shownSeed;  // the fixed seed of the answers shown, if any
};

}  // namespace veil::ui
