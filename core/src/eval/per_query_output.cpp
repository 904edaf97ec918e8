// Per-query answers as CSV (the layout shared by sweep, dp and psd).
#include "veil/eval/per_query_output.h"

#include "veil/common/validate.h"
#include "veil/io/atomic_file.h"
#include "veil/table/csv_writer.h"

namespace veil::eval {

namespace {

std::string csvField(const std::string& s) { return quoteCsvField(s, ','); }

}  // namespace

void writePerQueryHeader(std::ostream& out, bool withTruth) {
    out << "method,label,epsilon,trial,query,row_lo,row_hi,col_lo,col_hi,noisy" << (withTruth ? ",true" : "") << '\n';
}

void writePerQueryRow(std::ostream& out, const PerQueryRow& row, bool withTruth) {
    out << csvField(row.method) << ',' << csvField(row.label) << ',' << formatNumber(row.epsilon) << ',' << row.trial
        << ',' << row.query << ',';
    if (row.range)
        out << row.range->rowLo << ',' << row.range->rowHi << ',' << row.range->colLo << ',' << row.range->colHi;
    else
        out << ",,,";
    out << ',' << formatNumber(row.noisy);
    if (withTruth) out << ',' << (row.truth ? formatNumber(*row.truth) : std::string());
    out << '\n';
}

Status writePerQueryCsv(std::ostream& out, const PerQueryAnswers& answers, bool withTruth) {
    const std::size_t q = answers.workload.size();
    for (std::size_t t = 0; t < answers.noisy.size(); ++t)
        if (answers.noisy[t].size() != q)
            return Status::invalidArgument("per-query answers: trial " + std::to_string(t) + " has " +
                                           std::to_string(answers.noisy[t].size()) + " answers for " +
                                           std::to_string(q) + " queries");
    if (withTruth && answers.truth.size() != q)
        return Status::invalidArgument("per-query answers: no true answers (they are kept in teaching mode only)");
    writePerQueryHeader(out, withTruth);
    for (std::size_t t = 0; t < answers.noisy.size(); ++t)
        for (std::size_t i = 0; i < q; ++i)
            writePerQueryRow(out,
                             {answers.method, answers.label, answers.epsilon, t, i, &answers.workload.queries[i],
                              answers.noisy[t][i], withTruth ? &answers.truth[i] : nullptr},
                             withTruth);
    return out ? Status::ok() : Status::ioError("per-query answers: write failed");
}

Status writePerQueryCsvFile(const std::string& path, const PerQueryAnswers& answers, bool withTruth) {
    Status inner;
    const Status written = writeFileAtomically(path, [&](std::ostream& out) {
        inner = writePerQueryCsv(out, answers, withTruth);
        return inner.isOk();
    });
    return inner.isOk() ? written : inner;
}

}  // namespace veil::eval
