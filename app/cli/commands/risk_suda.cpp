// `veil-cli risk --suda`: see risk_suda.h.
#include "risk_suda.h"

#include "cli_support.h"

#include "veil/common/validate.h"

#include <bit>
#include <cstdio>
#include <iostream>

namespace veil::cli {

namespace {

std::string sudaPercent(double percent) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g%%", percent);
    return buf;
}

// Three significant digits: "0.892".
std::string sudaShort(double value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", value);
    return buf;
}

// "{age=90, race=Other}": a record's values on the attributes of one MSU.
std::string msuText(const anonymity::SudaResult& r, const Table& table, std::size_t record, std::uint64_t mask) {
    std::string text = "{", scratch;
    for (std::uint64_t bits = mask; bits; bits &= bits - 1) {
        const auto c = std::size_t(std::countr_zero(bits));
        const auto index = table.columnIndex(r.attributes[c]);
        if (text.size() > 1) text += ", ";
        text += r.attributes[c] + '=';
        if (index) text += std::string(table.column(*index).originalText(record, scratch));
    }
    return text + '}';
}

}  // namespace

void addSudaOptions(CLI::App& cmd, SudaCliOptions& o) {
    auto* suda =
        cmd.add_flag("--suda", o.enabled,
                     "Special uniques (SUDA2): each record's minimal sample uniques, its SUDA and DIS-SUDA scores "
                     "(as sdcMicro's suda2) and each quasi-identifier's contribution");
    // Each needs --suda: given alone, it would be ignored without a word.
    cmd.add_option("--suda-max-size", o.maxSize,
                   "SUDA: largest minimal sample unique searched (default: all quasi-identifiers, as sdcMicro)")
        ->needs(suda);
    cmd.add_option("--suda-dis-fraction", o.disFraction,
                   "SUDA: sampling fraction of the DIS-SUDA score, in (0, 1) (default 0.01, as sdcMicro)")
        ->needs(suda);
    cmd.add_option("--suda-top", o.top, "SUDA: records listed by score in the text output (default 10)")->needs(suda);
}

Result<anonymity::SudaResult> runSuda(const Table& table, const std::vector<std::string>& qis, const SudaCliOptions& o,
                                      const std::optional<std::string>& suppressed) {
    anonymity::SudaOptions options;
    options.maxSize = o.maxSize;
    options.disFraction = o.disFraction;
    if (suppressed) options.missingValues.push_back(*suppressed);  // a suppressed cell is missing, as in sdcMicro
    return anonymity::suda2(table, qis, options);
}

nlohmann::json sudaJson(const anonymity::SudaResult& r) {
    nlohmann::json bySize = nlohmann::json::array(), contributions = nlohmann::json::array(),
                   bands = nlohmann::json::array(), counts = nlohmann::json::array();
    for (std::size_t s = 1; s <= r.maxSize; ++s)
        bySize.push_back({{"size", s}, {"msus", r.msusOfSize[s - 1]}, {"records", r.recordsWithSize[s - 1]}});
    for (std::size_t c = 0; c < r.attributes.size(); ++c)
        contributions.push_back(
            {{"attribute", r.attributes[c]}, {"contribution", r.contribution[c]}, {"msu_share", r.msuShare[c]}});
    const auto disBands = anonymity::disScoreBands(r.disScore);
    for (std::size_t b = 0; b < disBands.size(); ++b)
        bands.push_back({{"interval", anonymity::disScoreBandName(b)}, {"records", disBands[b]}});
    for (std::size_t i = 0; i < r.records; ++i) {
        nlohmann::json row = nlohmann::json::array();
        for (std::size_t s = 1; s <= r.maxSize; ++s) row.push_back(r.msuCount(i, s));
        counts.push_back(std::move(row));
    }
    return {{"max_size", r.maxSize},
            {"dis_fraction", r.disFraction},
            {"records", r.records},
            {"records_with_msus", r.recordsWithMsus},
            {"total_msus", r.totalMsus},
            {"sample_uniques", r.sampleUniques},
            {"paired_records", r.pairedRecords},
            {"seconds", r.seconds},
            {"by_size", bySize},
            {"contributions", contributions},
            {"dis_bands", bands},
            {"scores", r.score},
            {"dis_scores", r.disScore},
            {"msu_counts", counts}};
}

void printSuda(const anonymity::SudaResult& r, const Table& table, std::size_t top) {
    std::cout << "Special uniques (SUDA2, minimal sample uniques of at most " << r.maxSize << " of "
              << r.attributes.size() << " quasi-identifiers): " << r.recordsWithMsus << " of " << r.records
              << " records have one (" << r.totalMsus << " in all; " << sudaShort(r.seconds) << " s)\n";
    std::cout << "  By size:";
    for (std::size_t s = 1; s <= r.maxSize; ++s)
        std::cout << "  " << s << ": " << r.msusOfSize[s - 1] << " MSUs in " << r.recordsWithSize[s - 1] << " records"
                  << (s < r.maxSize ? ";" : "\n");
    std::cout << "  Attribute contributions (share of the total SUDA score; share of the MSUs):\n";
    for (std::size_t c = 0; c < r.attributes.size(); ++c)
        std::cout << "    " << r.attributes[c] << ": " << sudaPercent(r.contribution[c]) << "; "
                  << sudaPercent(100 * r.msuShare[c]) << '\n';
    const auto bands = anonymity::disScoreBands(r.disScore);
    std::cout << "  Records by DIS-SUDA score (sampling fraction " << formatNumber(r.disFraction) << "):";
    for (std::size_t b = 0; b < bands.size(); ++b)
        std::cout << "  " << anonymity::disScoreBandName(b) << ": " << bands[b];
    std::cout << '\n';
    const auto records = r.topRecords(top);
    if (records.empty()) return;
    std::cout << "  Highest SUDA scores (row: score, DIS-SUDA; smallest MSUs):\n";
    for (auto i : records) {
        std::cout << "    " << i + 1 << ": " << formatNumber(r.score[i]) << ", " << sudaShort(r.disScore[i]) << ";";
        for (auto mask : r.msus[i]) std::cout << ' ' << msuText(r, table, i, mask);
        std::cout << '\n';
    }
}

}  // namespace veil::cli
