// LedgerSession: the privacy ledger file the window works with, shared by the Mechanisms,
// Histograms and Ledger views (one per process; default ~/.local/share/veil/ledger.sqlite, the
// file `veil-cli dp --ledger` and `veil-cli release` use). It owns the open PrivacyLedger and
// tells its listeners when the file changes or an entry/budget was written.
#pragma once

#include "veil/release/privacy_ledger.h"

#include <QObject>
#include <QString>

#include <memory>

namespace veil::ui {

class LedgerSession final : public QObject {
    Q_OBJECT

public:
    // The process-wide session (created on first use, parented to the application).
    static LedgerSession* shared();
    static QString defaultPath();

    explicit LedgerSession(QObject* parent = nullptr) : QObject(parent) {}

    const QString& path() const { return m_path; }
    bool isOpen() const { return m_ledger != nullptr; }
    // Opens (creating if missing) the ledger file; on error the previous file stays open.
    Status open(const QString& path);
    // Opens the default file if nothing is open yet.
    Status ensureOpen();
    release::PrivacyLedger* ledger() const { return m_ledger.get(); }

    // Records a release (checking the dataset's budget); BudgetExceeded leaves no trace.
    Result<std::int64_t> record(const release::LedgerEntry& entry);
    Status setBudget(const std::string& dataset, release::PrivacySpend total);
    // Tells the listeners that the ledger was written directly (a release bundle recorded an entry).
    void notifyChanged() { emit ledgerChanged(); }

signals:
    void pathChanged(const QString& path);
    void ledgerChanged();

private:
    QString m_path;
    std::unique_ptr<release::PrivacyLedger> m_ledger;
};

// The ledger key of the document's dataset: its file name, as `veil-cli dp` uses by default.
QString datasetKeyForPath(const QString& filePath);

}  // namespace veil::ui
