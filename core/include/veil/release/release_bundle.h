// Release bundle: a folder (or a .zip holding the same files) with the released data,
// manifest.json (what was released, from which input hash, with which plan, epsilon/delta spent
// and the dataset's remaining budget, neighbouring notion, Veil version, time, seed policy),
// report.html and, when the caller renders one (the window, with Qt), report.pdf.
// A differentially private outcome arrives already charged: the ReleaseGate recorded its ledger
// entry (naming the bundle and its partial) before any noise was drawn, so a crash can lose a
// release but never an expense. The bundle is written to a hidden partial (a folder, or a zip
// file written atomically) beside its locked destination, then renamed into place without ever
// replacing anything (bundle_target.h); recoverReleaseBundles() finishes a rename that a crash
// interrupted. A syntactic release (no privacy budget) is recorded here, with epsilon 0, before
// the rename. Teaching mode can never produce a bundle. File names inside are safe names
// (safe_name.h): nothing is written outside the destination.
#pragma once

#include "veil/release/bundle_target.h"
#include "veil/release/privacy_ledger.h"
#include "veil/release/release_runner.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace veil::release {

struct BundleOptions {
    std::string outputDir;  // the bundle folder to create, or a .zip file (must not exist yet)
    // The destination prepared (and locked) before the release was charged; null: prepared here
    // from outputDir.
    const BundleTarget* target = nullptr;
    PrivacyLedger* ledger = nullptr;  // where the release is recorded (required)
    // Renders report.pdf from the report's HTML (core has no PDF writer; the window passes Qt's).
    // Called before anything is recorded; an error aborts the release with nothing written.
    std::function<Result<std::string>(const std::string& reportHtml)> renderPdf;
    // Set when the release was already recorded (a view that records before showing an answer):
    // the bundle names that ledger entry and spends nothing again.
    std::optional<std::int64_t> recordedEntry;
    std::string created;  // ISO 8601 UTC time to record; empty: now (tests fix it)
    // For tests of crash safety: stop (as a crash would) right after this step.
    enum class CrashPoint { None, AfterPartialWritten, AfterLedgerCommitted } crashPoint = CrashPoint::None;
};

struct BundleResult {
    std::string dir;
    nlohmann::json manifest;
    std::int64_t ledgerEntry = 0;
};

// Writes the bundle (and records a syntactic release). Errors: the destination exists; a
// differentially private outcome that was not charged in release mode (teaching mode, no ledger
// entry); the ledger refuses (budget exceeded: nothing is written); I/O.
Result<BundleResult> writeReleaseBundle(const ReleaseOutcome& outcome, const BundleOptions& options);

// True when `path` names a zip bundle (ends with ".zip", any case).
bool isZipBundlePath(const std::string& path);

// The manifest of an outcome (without the ledger fields), and the HTML report.
nlohmann::json buildManifest(const ReleaseOutcome& outcome, const std::string& created = {});
std::string renderReportHtml(const ReleaseOutcome& outcome, const nlohmann::json& manifest);

}  // namespace veil::release
