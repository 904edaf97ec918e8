// Special uniques (SUDA): for each record, its minimal sample uniques (MSUs), the smallest sets of
// its quasi-identifier values that no other record shares, found by SUDA2 (Manning, Haglin & Keane,
// "A recursive search algorithm for statistical disclosure assessment", DMKD 16, 2008); the SUDA
// score of Elliot et al. ("SUDA: a program for detecting special uniques", 2002) as sdcMicro's
// suda2 computes it (original_scores = TRUE), its DIS-SUDA score (Elliot, Manning & Ford, 2002) and
// each attribute's contribution. The maths: docs/algorithms/suda.md.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/table/table.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity {

struct SudaOptions {
    // Largest MSU searched, 0 = every quasi-identifier (sdcMicro's suda2 always searches them all).
    std::size_t maxSize = 0;
    // The sampling fraction of the DIS-SUDA score, in (0, 1) (sdcMicro's DisFraction, default 0.01).
    double disFraction = 0.01;
    // Texts read as missing values besides empty cells. As in sdcMicro, a missing value is never
    // part of an MSU and otherwise compares as a value of its own.
    std::vector<std::string> missingValues;
    // MSUs kept per record for display, the smallest first (all are counted).
    std::size_t msusPerRecord = 3;
};

struct SudaResult {
    std::vector<std::string> attributes;  // the quasi-identifiers, in the order given
    std::size_t maxSize = 0;              // the largest MSU searched
    double disFraction = 0.01;
    std::size_t records = 0;
    // Per record (table row order).
    std::vector<double> score;                     // SUDA score: sum over its MSUs of weight(size)
    std::vector<double> disScore;                  // DIS-SUDA score in [0, 1]
    std::vector<std::uint32_t> msuCounts;          // record r's MSUs of size s: msuCounts[r * maxSize + s - 1]
    std::vector<std::vector<std::uint64_t>> msus;  // up to msusPerRecord MSUs (bit c: attribute c), smallest first
    // Per attribute.
    std::vector<double> contribution;  // sdcMicro's attribute_contributions: % of the total score from MSUs holding it
    std::vector<double> msuShare;      // share of all MSUs that hold it
    // Per MSU size s (index s - 1).
    std::vector<std::size_t> msusOfSize;
    std::vector<std::size_t> recordsWithSize;  // records with at least one MSU of size s
    std::size_t totalMsus = 0;
    std::size_t recordsWithMsus = 0;  // special uniques
    std::size_t sampleUniques = 0;    // records unique on every quasi-identifier (DIS-SUDA's U)
    std::size_t pairedRecords = 0;    // records in classes of exactly two (DIS-SUDA's pairs)
    double seconds = 0;

    std::uint32_t msuCount(std::size_t record, std::size_t size) const {
        return msuCounts[record * maxSize + size - 1];
    }
    // Records by descending score (ties by row), at most `top` of them, only those with a score.
    std::vector<std::size_t> topRecords(std::size_t top) const;
};

// The weight of an MSU of `size` attributes among `attributes`, the search stopping at `maxSize`:
// prod_{i = size}^{maxSize - 1} (attributes - i), i.e. (attributes - size)! when maxSize = attributes.
double sudaWeight(std::size_t size, std::size_t attributes, std::size_t maxSize);

// DIS-SUDA scores from SUDA scores (sdcMicro's formula): with U sample uniques, P records in pairs
// and f the sampling fraction, dis = U f / (U f + P (1 - f)), q = 1 + (8 - attributes) / 20 and
// each record with score s > 0 gets 1 / (1 + (U / dis - U) / (s^q sum_j s_j^-q)); others 0.
std::vector<double> disSudaScores(const std::vector<double>& scores, std::size_t sampleUniques,
                                  std::size_t pairedRecords, std::size_t attributes, double disFraction);

// sdcMicro's print of a suda2 result: records per DIS-SUDA interval "== 0", "(0, 0.1]", ...,
// "(0.6, 0.7]", "> 0.7" (9 counts).
std::vector<std::size_t> disScoreBands(const std::vector<double>& disScores);
const char* disScoreBandName(std::size_t band);

// SUDA2 on the named quasi-identifiers (values compared as text). Errors: no, unknown or more than
// 64 quasi-identifiers, a maximum size above their number, disFraction outside (0, 1), an empty
// table, cancellation. Complexity: O(n q) to group the records, then SUDA2's search (exponential in
// maxSize in the worst case; adult's 30,162 records on 8 quasi-identifiers: see docs/algorithms/suda.md).
Result<SudaResult> suda2(const Table& table, const std::vector<std::string>& quasiIdentifiers,
                         const SudaOptions& options = {}, const RunContext& ctx = {});

}  // namespace veil::anonymity
