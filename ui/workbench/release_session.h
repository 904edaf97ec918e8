// ReleaseSession: the window's side of the one release path. It owns (or borrows, when a project is
// open) the privacy ledger every view charges, knows whether teaching mode is on, and makes the
// release gates the views run their core calls through: in release mode every answer a view shows
// is charged to this ledger before any noise is drawn; in teaching mode nothing is charged and
// every result is marked not private. It is the gates' ChargeSink: charges arrive from worker
// threads and are serialised with the GUI thread's reads by one lock; every change is announced
// (ledgerChanged) on the GUI thread, so the Ledger view is never stale.
#pragma once

#include "veil/dp/release_gate.h"
#include "veil/release/privacy_ledger.h"

#include <QObject>
#include <QString>

#include <memory>
#include <mutex>
#include <optional>

namespace veil::ui {

class ReleaseSession final : public QObject, public dp::ChargeSink {
    Q_OBJECT

public:
    explicit ReleaseSession(QObject* parent = nullptr);
    ~ReleaseSession() override;

    // The ledger used when no project is open (the file `veil-cli --ledger` and `veil-cli release`
    // use by default): $XDG_DATA_HOME/veil/ledger.sqlite.
    static QString defaultLedgerPath();

    bool isTeaching() const { return m_teaching; }
    void setTeaching(bool on);

    const QString& path() const { return m_path; }
    bool isOpen() const { return ledger() != nullptr; }
    // Opens (creating if missing) a ledger file of its own; on error the previous one stays.
    Status open(const QString& path);
    // Opens the default file if nothing is open yet.
    Status ensureOpen();
    // Charges go to a project's ledger while it is open (nullptr: back to a file of its own).
    void useProjectLedger(release::PrivacyLedger* ledger, const QString& projectPath);

    // A gate for one run of a view: release mode charges this ledger (opened on demand); teaching
    // mode charges nothing. `details` are merged into every charge (e.g. the bundle).
    Result<std::shared_ptr<dp::ReleaseGate>> makeGate(const QString& datasetKey, std::optional<std::uint64_t> seed,
                                                      nlohmann::json details = nlohmann::json::object());

    // dp::ChargeSink (any thread): checks the budget and records atomically.
    Result<std::int64_t> charge(const std::string& dataset, const dp::Charge& charge) override;
    Status check(const std::string& dataset, const dp::PrivacySpend& cost) override;

    // Runs `f` with the ledger under the session's lock (GUI-thread reads and bundle writes).
    template <typename F>
    auto withLedger(F&& f) -> decltype(f(std::declval<release::PrivacyLedger&>())) {
        if (Status s = ensureOpen(); !s.isOk()) return s;
        std::lock_guard<std::recursive_mutex> lock(m_mutex);
        return f(*ledger());
    }
    Status setBudget(const std::string& dataset, dp::PrivacySpend total);
    // Tells the listeners that the ledger was written (always delivered on the GUI thread).
    void notifyChanged();

Q_SIGNALS:
    void pathChanged(const QString& path);
    void ledgerChanged();
    void teachingChanged(bool on);

private:
    release::PrivacyLedger* ledger() const { return m_project ? m_project : m_ledger.get(); }

    mutable std::recursive_mutex m_mutex;
    QString m_path;
    std::unique_ptr<release::PrivacyLedger> m_ledger;
    release::PrivacyLedger* m_project = nullptr;
    QString m_filePath;  // the ledger file of its own, restored when a project closes
    bool m_teaching = false;
};

// The ledger key of the document's dataset: its file name, as `veil-cli dp` uses by default.
QString datasetKeyForPath(const QString& filePath);

// dp::receiptLine as bold rich text in the receipt's colour: green for a private release, amber
// for a seeded one (charged, not private), red for teaching mode.
QString receiptHtml(const dp::ReleaseReceipt& receipt);

}  // namespace veil::ui
