// Release bundle: a folder holding the released data, manifest.json (what was released, from
// which input hash, with which plan, epsilon/delta spent and the dataset's remaining budget,
// neighbouring notion, Veil version, time, seed policy) and report.html.
// Ledger and bundle are written so that a crash leaves both or neither: the bundle is written to
// a hidden ".partial" folder beside its destination; the ledger entry (naming both folders) is
// committed; then the folder is renamed into place. recoverReleaseBundles() finishes a rename
// that a crash interrupted, so the ledger, which never forgets a spend, stays the truth.
#pragma once

#include "veil/release/privacy_ledger.h"
#include "veil/release/release_runner.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace veil::release {

struct BundleOptions {
    std::string outputDir;              // the bundle folder to create (must not exist yet)
    PrivacyLedger* ledger = nullptr;    // where the release is recorded (required)
    // For tests of crash safety: stop (as a crash would) right after this step.
    enum class CrashPoint { None, AfterPartialWritten, AfterLedgerCommitted } crashPoint = CrashPoint::None;
};

struct BundleResult {
    std::string dir;
    nlohmann::json manifest;
    std::int64_t ledgerEntry = 0;
};

// Writes the bundle and records the release. Errors: the destination exists, the ledger refuses
// (budget exceeded: nothing is written), I/O.
Result<BundleResult> writeReleaseBundle(const ReleaseOutcome& outcome, const BundleOptions& options);

// Completes bundles whose rename was interrupted (ledger entry committed, folder still partial).
// Returns how many were completed. A partial folder whose release never reached the ledger is
// not a release (it stays hidden as ".NAME.partial-N" and may be deleted).
Result<int> recoverReleaseBundles(PrivacyLedger& ledger);

// The manifest of an outcome (without the ledger fields), and the HTML report.
nlohmann::json buildManifest(const ReleaseOutcome& outcome);
std::string renderReportHtml(const ReleaseOutcome& outcome, const nlohmann::json& manifest);

}  // namespace veil::release
