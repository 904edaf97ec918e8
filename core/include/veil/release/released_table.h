// A table Veil released, found from what the user names: a release bundle folder, its
// manifest.json, or the data file inside a bundle folder. The manifest says which text the release
// wrote for suppressed values (summary.suppressed_token), so that `veil-cli risk` and `utility`
// count suppressed records without guessing that "*" means suppressed in somebody else's data, and
// which columns were the quasi-identifiers.
#pragma once

#include "veil/common/status.h"

#include <optional>
#include <string>
#include <vector>

namespace veil::release {

struct ReleasedTable {
    std::string dataPath;      // the released data file (CSV)
    std::string manifestPath;  // the bundle's manifest.json
    // The text of suppressed values: the manifest's summary.suppressed_token; an anonymization
    // bundle written before Veil recorded it used anonymity::kSuppressedToken. nullopt: the release
    // suppressed nothing by a token (differentially private and synthetic releases).
    std::optional<std::string> suppressedToken;
    std::vector<std::string> quasiIdentifiers;  // the manifest's summary.quasi_identifiers (may be empty)
    // summary.local_suppression_semantics is "wildcard": a suppressed cell matches any value.
    bool suppressedMatchesAny = false;
};

// The bundle `path` belongs to, or nullopt for a table outside any bundle (a file whose folder has
// no manifest.json listing it, a database source). Errors: a folder without manifest.json, an
// unreadable or malformed manifest, a bundle without a data file (a CSV in its "files").
Result<std::optional<ReleasedTable>> findReleasedTable(const std::string& path);

}  // namespace veil::release
