// Classification accuracy of a release: trained on the released table, tested on the original
// (the protocol of the issue; ARX 3.9.2's StatisticsClassification trains on the output and
// reports it beside a classifier trained on the input and ZeroR, all over the same folds). See
// docs/algorithms/utility_metrics.md for the protocol, the encoding and where it departs from ARX.
#include "veil/anonymity/utility_analysis.h"

#include "veil/anonymity/logistic_regression.h"
#include "veil/anonymity/naive_bayes.h"

#include "anonymity/detail/released_domain.h"
#include "anonymity/detail/utility_columns.h"

#include <algorithm>
#include <functional>
#include <memory>

namespace veil::anonymity {

namespace {

// The features on both sides as codes, the target (the original's), which records are suppressed,
// and how each original value reads in its released attribute's domain.
struct Encoded {
    CategoricalData original, released;
    std::vector<detail::ReleasedDomain> domains;
    std::vector<std::uint8_t> suppressedRecord;
    std::size_t suppressedRecords = 0;

    // Record r's original values read in the released domains.
    WeightedRow releasedReading(std::size_t r) const {
        WeightedRow row(domains.size());
        for (std::size_t f = 0; f < domains.size(); ++f) row[f] = &domains[f].given(original.features[f][r]);
        return row;
    }
};

Result<Encoded> encode(const Table& original, const Table& released, const ClassificationRequest& request) {
    VEIL_RETURN_IF_ERROR(detail::checkAligned(original, released));
    if (request.features.empty()) return Status::invalidArgument("utility: no attributes to predict the target from");
    if (request.folds < 2) return Status::invalidArgument("utility: at least 2 folds are needed");
    auto t = detail::namedColumn(original, request.target, "target");
    if (!t) return t.status();
    if (original.rowCount() < request.folds)
        return Status::invalidArgument("utility: " + std::to_string(original.rowCount()) + " records, fewer than the " +
                                       std::to_string(request.folds) + " folds");
    Encoded e;
    const detail::TextCodes target = detail::textCodes(**t);
    e.original.target = e.released.target = target.codes;
    e.original.classes = e.released.classes = target.names.size();
    const std::size_t n = original.rowCount();
    std::vector<detail::TextCodes> before, after;
    std::vector<std::vector<std::uint8_t>> suppressed;
    for (const auto& name : request.features) {
        if (name == request.target)
            return Status::invalidArgument("utility: the target '" + request.target + "' is also a feature");
        auto o = detail::namedColumn(original, name, "original table");
        if (!o) return o.status();
        auto r = detail::namedColumn(released, name, "released table");
        if (!r) return r.status();
        before.push_back(detail::textCodes(**o));
        after.push_back(detail::textCodes(**r));
        suppressed.push_back(detail::suppressedCodes(**r, after.back(), request.options));
    }
    e.suppressedRecord.assign(n, 1);
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t f = 0; f < after.size() && e.suppressedRecord[r]; ++f)
            if (!suppressed[f][after[f].codes[r]]) e.suppressedRecord[r] = 0;
        e.suppressedRecords += e.suppressedRecord[r];
    }
    std::vector<std::uint8_t> counted(n);
    for (std::size_t r = 0; r < n; ++r) counted[r] = e.suppressedRecord[r] ? 0 : 1;
    for (std::size_t f = 0; f < before.size(); ++f) {
        e.domains.emplace_back(before[f].codes, after[f].codes, before[f].names.size(), after[f].names.size(),
                               suppressed[f], counted);
        e.original.features.push_back(std::move(before[f].codes));
        e.original.cardinality.push_back(before[f].names.size());
        e.released.features.push_back(std::move(after[f].codes));
        e.released.cardinality.push_back(after[f].names.size());
    }
    return e;
}

// Record r's predicted class.
using Predictor = std::function<std::uint32_t(std::size_t)>;

struct FoldModels {
    Predictor original, released;  // released: empty when no unsuppressed record was left to train on
};

// Logistic regression per fold starts from the fit on all the side's training-eligible records.
struct WarmStarts {
    LogisticRegressionOptions original, released;
};

Result<FoldModels> fitFold(const Encoded& e, Classifier model, const std::vector<std::size_t>& train,
                           const std::vector<std::size_t>& trainReleased, const WarmStarts& warm,
                           const RunContext& quiet) {
    FoldModels out;
    if (model == Classifier::NaiveBayes) {
        auto o = std::make_shared<NaiveBayesClassifier>(NaiveBayesClassifier::train(
            e.original.features, e.original.target, e.original.classes, e.original.cardinality, &train));
        out.original = [o, &e](std::size_t r) { return o->predict(e.original.features, r); };
        if (trainReleased.empty()) return out;
        auto rel = std::make_shared<NaiveBayesClassifier>(NaiveBayesClassifier::train(
            e.released.features, e.released.target, e.released.classes, e.released.cardinality, &trainReleased));
        out.released = [rel, &e](std::size_t r) { return rel->predict(e.releasedReading(r)); };
        return out;
    }
    auto o = LogisticRegression::fit(e.original, train, warm.original, quiet);
    if (!o) return o.status();
    out.original = [m = std::make_shared<LogisticRegression>(std::move(*o)), &e](std::size_t r) {
        return m->predict(e.original, r);
    };
    if (trainReleased.empty()) return out;  // (fit would read an empty list as all records)
    auto rel = LogisticRegression::fit(e.released, trainReleased, warm.released, quiet);
    if (!rel) return rel.status();
    out.released = [m = std::make_shared<LogisticRegression>(std::move(*rel)), &e](std::size_t r) {
        return m->predict(e.releasedReading(r));
    };
    return out;
}

Result<WarmStarts> warmStarts(const Encoded& e, Classifier model, const RunContext& quiet) {
    WarmStarts warm;
    if (model != Classifier::LogisticRegression) return warm;
    auto all = LogisticRegression::fit(e.original, {}, {}, quiet);
    if (!all) return all.status();
    warm.original.start = all->weights();
    std::vector<std::size_t> kept;
    for (std::size_t r = 0; r < e.suppressedRecord.size(); ++r)
        if (!e.suppressedRecord[r]) kept.push_back(r);
    if (kept.empty()) return warm;
    auto released = LogisticRegression::fit(e.released, kept, {}, quiet);
    if (!released) return released.status();
    warm.released.start = released->weights();
    return warm;
}

// The most frequent class of the records `rows` (the lowest code on ties).
std::uint32_t majority(const std::vector<std::uint32_t>& target, std::size_t classes,
                       const std::vector<std::size_t>& rows) {
    std::vector<std::size_t> counts(classes, 0);
    for (std::size_t r : rows) ++counts[target[r]];
    return std::uint32_t(std::max_element(counts.begin(), counts.end()) - counts.begin());
}

}  // namespace

Result<ClassificationAccuracy> classificationAccuracy(const Table& original, const Table& released,
                                                      const ClassificationRequest& request, const RunContext& ctx) {
    auto encoded = encode(original, released, request);
    if (!encoded) return encoded.status();
    const Encoded& e = *encoded;
    ClassificationAccuracy acc;
    acc.target = request.target;
    acc.model = request.model;
    acc.folds = request.folds;
    acc.records = e.original.target.size();
    acc.suppressedRecords = e.suppressedRecords;
    const RunContext quiet{nullptr, ctx.cancel, nullptr};
    const std::size_t k = request.folds, n = acc.records;
    ctx.report(0.0, std::string(classifierTitle(request.model)) + ": all records");
    auto warm = warmStarts(e, request.model, quiet);
    if (!warm) return warm.status();
    std::size_t zeroR = 0, fromOriginal = 0, fromReleased = 0;
    std::vector<std::size_t> train, trainReleased;
    for (std::size_t fold = 0; fold < k; ++fold) {
        if (ctx.cancelled()) return Status::cancelled();
        ctx.report(double(fold + 1) / double(k + 1), std::string(classifierTitle(request.model)) + ": fold " +
                                                         std::to_string(fold + 1) + " of " + std::to_string(k));
        train.clear();
        trainReleased.clear();
        for (std::size_t r = 0; r < n; ++r) {
            if (r % k == fold) continue;
            train.push_back(r);
            if (!e.suppressedRecord[r]) trainReleased.push_back(r);
        }
        const std::uint32_t guess = majority(e.original.target, e.original.classes, train);
        auto models = fitFold(e, request.model, train, trainReleased, *warm, quiet);
        if (!models) return models.status();
        for (std::size_t r = fold; r < n; r += k) {
            const std::uint32_t truth = e.original.target[r];
            zeroR += guess == truth;
            fromOriginal += models->original(r) == truth;
            fromReleased += (models->released ? models->released(r) : guess) == truth;
        }
    }
    acc.zeroR = double(zeroR) / double(n);
    acc.original = double(fromOriginal) / double(n);
    acc.released = double(fromReleased) / double(n);
    ctx.report(1.0, std::string(classifierTitle(request.model)) + " done");
    return acc;
}

Result<ClassificationAccuracy> classificationAccuracy(const Table& original, const Table& released,
                                                      const std::vector<std::string>& features,
                                                      const std::string& target, Classifier model,
                                                      const RunContext& ctx) {
    return classificationAccuracy(original, released, ClassificationRequest{features, target, model, 10, {}}, ctx);
}

}  // namespace veil::anonymity
