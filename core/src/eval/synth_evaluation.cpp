#include "veil/eval/synth_evaluation.h"

#include "veil/anonymity/logistic_regression.h"
#include "veil/anonymity/naive_bayes.h"

#include <algorithm>

namespace veil::eval {

namespace {

Result<std::size_t> columnOf(const synth::DiscreteTable& t, const std::string& name) {
    auto it = std::find(t.names.begin(), t.names.end(), name);
    if (it == t.names.end()) return Status::invalidArgument("accuracy: no column '" + name + "' was synthesized");
    return std::size_t(it - t.names.begin());
}

std::vector<std::uint32_t> unsignedCodes(const std::vector<std::int32_t>& codes) {
    return std::vector<std::uint32_t>(codes.begin(), codes.end());
}

}  // namespace

Result<SynthAccuracy> teachingSynthAccuracy(const synth::DiscreteTable& real, const synth::DiscreteTable& synthetic,
                                            const std::vector<std::string>& features, const std::string& target,
                                            std::size_t folds, anonymity::Classifier model) {
    if (real.names != synthetic.names || real.sizes != synthetic.sizes)
        return Status::invalidArgument("accuracy: the real and synthetic tables have different columns or domains");
    if (folds < 2) return Status::invalidArgument("accuracy: folds must be at least 2");
    auto t = columnOf(real, target);
    if (!t) return t.status().withContext("target");
    std::vector<std::size_t> cols;
    for (const auto& name : features.empty() ? real.names : features) {
        auto c = columnOf(real, name);
        if (!c) return c.status();
        if (*c == *t) {
            if (features.empty()) continue;
            return Status::invalidArgument("accuracy: the target '" + target + "' is also a feature");
        }
        if (std::find(cols.begin(), cols.end(), *c) != cols.end())
            return Status::invalidArgument("accuracy: feature '" + name + "' is given twice");
        cols.push_back(*c);
    }
    if (cols.empty()) return Status::invalidArgument("accuracy: no feature to predict '" + target + "' from");
    if (real.rowCount() < folds)
        return Status::invalidArgument("accuracy: " + std::to_string(real.rowCount()) + " real rows, fewer than " +
                                       std::to_string(folds) + " folds");
    if (synthetic.rowCount() == 0) return Status::invalidArgument("accuracy: the synthetic table has no rows");
    anonymity::CodeColumns xReal, xSynth;
    std::vector<std::size_t> sizes;
    for (std::size_t c : cols) {
        xReal.push_back(unsignedCodes(real.codes[c]));
        xSynth.push_back(unsignedCodes(synthetic.codes[c]));
        sizes.push_back(real.sizes[c]);
    }
    const auto yReal = unsignedCodes(real.codes[*t]), ySynth = unsignedCodes(synthetic.codes[*t]);
    const std::size_t classes = real.sizes[*t];
    SynthAccuracy acc;
    acc.target = target;
    acc.folds = folds;
    std::vector<std::size_t> counts(classes, 0);
    for (auto c : yReal) ++counts[c];
    const double n = double(yReal.size());
    acc.zeroR = double(*std::max_element(counts.begin(), counts.end())) / n;
    acc.model = anonymity::classifierName(model);
    std::size_t correct = 0;
    if (model == anonymity::Classifier::NaiveBayes) {
        acc.real = anonymity::naiveBayesCrossValidated(xReal, yReal, classes, folds, &sizes);
        const auto bayes = anonymity::NaiveBayesClassifier::train(xSynth, ySynth, classes, sizes);
        for (std::size_t r = 0; r < yReal.size(); ++r)
            if (bayes.predict(xReal, r) == yReal[r]) ++correct;
    } else {
        const anonymity::CategoricalData realData{xReal, sizes, yReal, classes};
        const anonymity::CategoricalData synthData{xSynth, sizes, ySynth, classes};
        auto crossValidated = anonymity::logisticRegressionAccuracy(realData, folds);
        if (!crossValidated) return crossValidated.status();
        acc.real = *crossValidated;
        auto fitted = anonymity::LogisticRegression::fit(synthData, {});
        if (!fitted) return fitted.status();
        for (std::size_t r = 0; r < yReal.size(); ++r)
            if (fitted->predict(realData, r) == yReal[r]) ++correct;
    }
    acc.synthetic = double(correct) / n;
    return acc;
}

nlohmann::json SynthEvaluation::toJson() const {
    nlohmann::json j;
    j["private"] = false;
    j["note"] = "teaching mode: computed from the true data";
    j["other_rows"] = otherRows;  // rows with a missing or undeclared value (kept, as "other")
    for (const auto& d : tvd)
        j["tvd_" + std::to_string(d.way) + "way"] = {
            {"average", d.averageTvd}, {"max", d.maxTvd}, {"marginals", d.marginals}};
    j["range_queries"] = {{"queries", ranges.queries},
                          {"attributes_per_query", {1, kRangeQueryAttributes}},
                          {"mean_abs_error", ranges.meanAbsoluteError},
                          {"max_abs_error", ranges.maxAbsoluteError}};
    if (accuracy)
        j["accuracy"] = {{"target", accuracy->target}, {"synthetic", accuracy->synthetic}, {"real", accuracy->real},
                         {"zero_r", accuracy->zeroR},  {"model", accuracy->model},         {"folds", accuracy->folds}};
    return j;
}

Result<SynthEvaluation> teachingSynthEvaluation(const synth::Discretized& real, const synth::DiscreteTable& synthetic,
                                                const std::string& target, anonymity::Classifier model) {
    SynthEvaluation e;
    e.otherRows = real.otherRows;
    const std::size_t columns = real.table.sizes.size();
    for (std::size_t way = 1; way <= std::min<std::size_t>(3, columns); ++way) {
        auto tvd = synth::teachingMarginalTvd(real.table, synthetic, way);
        if (!tvd) return tvd.status();
        e.tvd.push_back(*tvd);
    }
    std::vector<std::size_t> declared;  // the codes but the last ("missing or other")
    declared.reserve(columns);
    for (std::size_t size : real.table.sizes) declared.push_back(size == 0 ? 0 : size - 1);
    SeededRandom workloadRandom(kRangeQuerySeed);
    auto queries = synth::randomRangeQueries(declared, kRangeQueries, kRangeQueryAttributes, workloadRandom);
    if (!queries) return queries.status();
    auto ranges = synth::teachingRangeQueryError(real.table, synthetic, *queries);
    if (!ranges) return ranges.status();
    e.ranges = *ranges;
    if (!target.empty()) {
        auto acc = teachingSynthAccuracy(real.table, synthetic, {}, target, 10, model);
        if (!acc) return acc.status();
        e.accuracy = *acc;
    }
    return e;
}

Result<SynthEvaluation> teachingSynthEvaluation(const Table& real, const std::vector<synth::AttributeDomain>& domains,
                                                const synth::DiscreteTable& synthetic, const std::string& target,
                                                anonymity::Classifier model) {
    auto discrete = synth::discretize(real, domains);
    if (!discrete) return discrete.status();
    return teachingSynthEvaluation(*discrete, synthetic, target, model);
}

}  // namespace veil::eval
