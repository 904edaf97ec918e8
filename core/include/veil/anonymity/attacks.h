// Attacks on released tables: the linkage attack (join a public table on the quasi-identifiers;
// Sweeney 2002, seed 004 slides "Tabular Data Example: Linking Attack") and the homogeneity attack
// (classes whose sensitive values are all equal or fewer than l distinct; Machanavajjhala et al.
// 2006, seed 004 slide "Homogeneity Attack").
#pragma once

#include "veil/anonymity/risk.h"
#include "veil/common/status.h"
#include "veil/table/table.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace veil::anonymity {

struct LinkageMatch {
    std::size_t externalRow = 0;
    std::vector<std::size_t> privateRows;  // the private records it matches
};

struct LinkageReport {
    std::vector<std::string> on;  // join columns
    std::size_t externalRecords = 0;
    std::size_t privateRecords = 0;
    std::size_t reidentified = 0;         // external records matching exactly one private record
    std::size_t privateReidentified = 0;  // distinct private records re-identified
    std::vector<LinkageMatch> matches;    // one per external record, in order
};

// Joins `external` to `released` on the columns `on` (present in both, compared as text). A
// released value "*" matches anything; a masked value such as "537**" matches values of the same
// length that agree on the unmasked characters. Errors: unknown column (naming the table).
// O(|released| + |external|) for exact values, O(|released| x |external|) when masks occur.
Result<LinkageReport> linkageAttack(const Table& released, const Table& external, const std::vector<std::string>& on);

struct HomogeneousClass {
    std::vector<std::string> key;  // QI values of the class
    std::size_t size = 0;
    std::size_t distinctSensitive = 0;
    std::string disclosedValue;  // the sensitive value when all are equal
};

struct HomogeneityReport {
    std::size_t classes = 0;
    std::size_t vulnerableClasses = 0;   // all equal, or fewer than l distinct values
    std::size_t homogeneousClasses = 0;  // all equal
    std::size_t recordsAffected = 0;     // records in vulnerable classes
    std::vector<HomogeneousClass> vulnerable;
};

// Groups `table` on the QIs and reports classes with fewer than `l` distinct sensitive values
// (l = 2: all equal). Suppressed rows, whose QIs all have the text `suppressedToken`, are skipped;
// the default is the token of Veil's own releases (risk.h), nullopt skips none (a table from
// elsewhere, where "*" may be a value). Errors: unknown column, l < 2.
Result<HomogeneityReport> homogeneityAttack(const Table& table, const std::vector<std::string>& quasiIdentifiers,
                                            const std::string& sensitive, int l = 2,
                                            const std::optional<std::string>& suppressedToken = kSuppressedToken);

}  // namespace veil::anonymity
