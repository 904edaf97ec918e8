// Where a release bundle goes, and how Veil keeps that place to itself.
// - prepareBundleTarget() takes an exclusive lock on the destination (a hidden ".NAME.lock" beside
//   it, flock) BEFORE the release is charged: a second release to the same path fails at once,
//   spending nothing. The lock lives as long as the BundleTarget.
// - The bundle is written to a hidden partial ".NAME.partial-TOKEN" beside the destination; a
//   marker (".veil-partial" inside a folder, ".NAME.partial-TOKEN.veil" beside a zip) holds the
//   random token the ledger entry also records. Only such a partial, in the destination's folder,
//   with a matching marker, is ever moved or deleted: a crafted ledger or project cannot make Veil
//   touch other paths (finding 3 of issue 14).
// - The final rename never replaces an existing file or folder (renameat2 RENAME_NOREPLACE).
// - recoverReleaseBundles() completes renames a crash interrupted; checkReleaseBundles() lists (and
//   with `fix`, recovers or removes) the partials and temporary files the ledger does not account
//   for, saying what it did (`veil-cli ledger check`, the Ledger view's Check Bundles).
#pragma once

#include "veil/common/status.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace veil::release {

class PrivacyLedger;

class BundleLock;  // an flock on ".NAME.lock"; released (and the lock file removed) on destruction

struct BundleTarget {
    std::string dir;      // absolute destination (a folder, or a .zip file)
    std::string partial;  // absolute, ".NAME.partial-TOKEN" beside dir
    std::string token;    // 32 hex digits, also in the partial's marker and the ledger entry
    std::shared_ptr<BundleLock> lock;
};

// Errors: empty path; the destination exists; its folder does not exist; another release is
// writing to it (the lock is held).
Result<BundleTarget> prepareBundleTarget(const std::string& outputDir);
// {"bundle", "partial", "partial_token"}: what a release gate merges into the charge.
nlohmann::json bundleDetails(const BundleTarget& target);

// The marker a partial carries (written with the partial, removed after the final rename).
Status writePartialMarker(const BundleTarget& target, bool zip);
void removePartialMarker(const std::string& finalPath, const BundleTarget& target, bool zip);  // best effort
// Renames the partial into place; never replaces an existing path.
Status putBundleInPlace(const BundleTarget& target);

// Completes bundles whose rename was interrupted: ledger entry committed, destination missing,
// a partial Veil made (name, folder and marker token as recorded). Returns how many.
Result<int> recoverReleaseBundles(PrivacyLedger& ledger);

struct BundleCheckItem {
    std::string path;
    std::string state;   // "complete", "recovered", "recoverable", "stray partial", "stray temporary file", ...
    std::string action;  // what was done ("" when only listed)
};
// Looks at every bundle the ledger names and at the folders given (and those of the ledger's
// bundles) for partials and temporary files Veil left. With `fix`, completes recoverable bundles
// and removes stray partials (only those with Veil's marker) and stray temporary files.
Result<std::vector<BundleCheckItem>> checkReleaseBundles(PrivacyLedger& ledger, const std::vector<std::string>& folders,
                                                         bool fix);

}  // namespace veil::release
