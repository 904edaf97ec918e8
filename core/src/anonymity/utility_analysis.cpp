#include "veil/anonymity/utility_analysis.h"

#include "veil/anonymity/logistic_regression.h"
#include "veil/anonymity/naive_bayes.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace veil::anonymity {

namespace {

// Dense codes for a column's cells (as text); `names` gets the text of each code.
std::vector<std::uint32_t> codesOf(const Column& column, std::vector<std::string>* names = nullptr) {
    std::unordered_map<std::string, std::uint32_t> index;
    std::vector<std::uint32_t> out(column.size());
    std::string scratch;
    for (std::size_t r = 0; r < column.size(); ++r) {
        auto [it, added] = index.try_emplace(std::string(column.originalText(r, scratch)), std::uint32_t(index.size()));
        if (added && names) names->push_back(it->first);
        out[r] = it->second;
    }
    return out;
}

double entropyBits(const std::vector<std::uint32_t>& codes) {
    std::unordered_map<std::uint32_t, double> counts;
    for (auto c : codes) counts[c] += 1;
    double h = 0;
    for (const auto& [c, n] : counts) {
        const double p = n / double(codes.size());
        h -= p * std::log2(p);
    }
    return h;
}

Result<const Column*> column(const Table& t, const std::string& name, const char* which) {
    auto index = t.columnIndex(name);
    if (!index) return index.status().withContext(which);
    return &t.column(*index);
}

Status checkAligned(const Table& original, const Table& released) {
    if (original.rowCount() != released.rowCount())
        return Status::invalidArgument("utility: the released table has " + std::to_string(released.rowCount()) +
                                       " rows, the original " + std::to_string(original.rowCount()) +
                                       "; rows must be aligned (suppressed rows kept as '*')");
    return Status::ok();
}

}  // namespace

Result<std::vector<AttributeUtility>> attributeUtility(const Table& original, const Table& released,
                                                       const std::vector<std::string>& columns,
                                                       const std::optional<std::string>& suppressedToken) {
    VEIL_RETURN_IF_ERROR(checkAligned(original, released));
    std::vector<AttributeUtility> out;
    for (const auto& name : columns) {
        auto before = column(original, name, "original table");
        if (!before) return before.status();
        auto after = column(released, name, "released table");
        if (!after) return after.status();
        AttributeUtility u;
        u.name = name;
        std::vector<std::string> beforeNames, afterNames;
        const auto b = codesOf(**before, &beforeNames), a = codesOf(**after, &afterNames);
        u.distinctBefore = beforeNames.size();
        // The suppressed token is not a value: not counted as one, nor in the entropy.
        const auto token =
            suppressedToken ? std::find(afterNames.begin(), afterNames.end(), *suppressedToken) : afterNames.end();
        const auto tokenCode = std::uint32_t(token - afterNames.begin());
        u.distinctAfter = afterNames.size() - (token == afterNames.end() ? 0 : 1);
        std::vector<std::uint32_t> values;
        values.reserve(a.size());
        for (std::size_t r = 0; r < a.size(); ++r) {
            const bool suppressed = token != afterNames.end() && a[r] == tokenCode;
            if ((*after)->isMissing(r) || suppressed) ++u.suppressedAfter;
            if (!suppressed) values.push_back(a[r]);
        }
        u.entropyBefore = entropyBits(b);
        u.entropyAfter = values.empty() ? 0.0 : entropyBits(values);
        out.push_back(std::move(u));
    }
    return out;
}

Result<double> contingencyDistance(const Table& original, const Table& released, const std::string& a,
                                   const std::string& b) {
    VEIL_RETURN_IF_ERROR(checkAligned(original, released));
    const Column *oa = nullptr, *ob = nullptr, *ra = nullptr, *rb = nullptr;
    for (auto [ptr, table, name, which] :
         {std::tuple{&oa, &original, &a, "original table"}, std::tuple{&ob, &original, &b, "original table"},
          std::tuple{&ra, &released, &a, "released table"}, std::tuple{&rb, &released, &b, "released table"}}) {
        auto c = column(*table, *name, which);
        if (!c) return c.status();
        *ptr = *c;
    }
    const auto xa = codesOf(*oa), xb = codesOf(*ob), ya = codesOf(*ra), yb = codesOf(*rb);
    const std::size_t n = xa.size();
    if (n == 0) return 0.0;
    auto pairKey = [](std::uint32_t x, std::uint32_t y) { return (std::uint64_t(x) << 32) | y; };
    // The original pairs each released cell stands for, and the counts on both sides.
    std::unordered_map<std::uint64_t, std::unordered_set<std::uint64_t>> covers;
    std::unordered_map<std::uint64_t, double> before, releasedCount, spread;
    for (std::size_t r = 0; r < n; ++r) {
        const std::uint64_t orig = pairKey(xa[r], xb[r]), cell = pairKey(ya[r], yb[r]);
        before[orig] += 1;
        releasedCount[cell] += 1;
        covers[cell].insert(orig);
    }
    for (const auto& [cell, count] : releasedCount)
        for (std::uint64_t orig : covers[cell]) spread[orig] += count / double(covers[cell].size());
    double distance = 0;
    for (const auto& [orig, count] : before) distance += std::abs(count - spread[orig]);
    return distance / (2.0 * double(n));
}

Result<ClassificationAccuracy> classificationAccuracy(const Table& original, const Table& released,
                                                      const std::vector<std::string>& features,
                                                      const std::string& target, Classifier model,
                                                      const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(checkAligned(original, released));
    if (features.empty()) return Status::invalidArgument("utility: no attributes to predict the target from");
    auto t = column(original, target, "target");
    if (!t) return t.status();
    std::vector<std::string> classNames;
    const auto y = codesOf(**t, &classNames);
    std::vector<std::vector<std::uint32_t>> before, after;
    for (const auto& name : features) {
        if (name == target) return Status::invalidArgument("utility: the target '" + target + "' is also a feature");
        auto o = column(original, name, "original table");
        if (!o) return o.status();
        auto r = column(released, name, "released table");
        if (!r) return r.status();
        before.push_back(codesOf(**o));
        after.push_back(codesOf(**r));
    }
    ClassificationAccuracy acc;
    acc.target = target;
    acc.model = model;
    if (y.size() < acc.folds) return Status::invalidArgument("utility: fewer rows than folds");
    std::vector<std::size_t> counts(classNames.size(), 0);
    for (auto c : y) ++counts[c];
    acc.zeroR = double(*std::max_element(counts.begin(), counts.end())) / double(y.size());
    if (model == Classifier::NaiveBayes) {
        acc.original = naiveBayesCrossValidated(before, y, classNames.size(), acc.folds);
        acc.released = naiveBayesCrossValidated(after, y, classNames.size(), acc.folds);
        return acc;
    }
    double* figures[] = {&acc.original, &acc.released};
    std::vector<std::vector<std::uint32_t>>* sides[] = {&before, &after};
    for (int side = 0; side < 2; ++side) {
        CategoricalData data;
        data.features = std::move(*sides[side]);
        for (const auto& codes : data.features)
            data.cardinality.push_back(codes.empty() ? 0 : *std::max_element(codes.begin(), codes.end()) + 1);
        data.target = y;
        data.classes = classNames.size();
        FunctionProgressSink sink([&ctx, side](double fraction, std::string_view message) {
            ctx.report(0.5 * (side + fraction),
                       std::string(side == 0 ? "Original: " : "Released: ") + std::string(message));
        });
        const RunContext sub{&sink, ctx.cancel, nullptr};
        auto accuracy = logisticRegressionAccuracy(data, acc.folds, {}, sub);
        if (!accuracy) return accuracy.status();
        *figures[side] = *accuracy;
    }
    return acc;
}

const char* classifierName(Classifier model) { return model == Classifier::NaiveBayes ? "naive-bayes" : "logistic"; }

const char* classifierTitle(Classifier model) {
    return model == Classifier::NaiveBayes ? "Naive Bayes" : "Logistic regression";
}

const char* classifierDescription(Classifier model) {
    return model == Classifier::NaiveBayes
               ? "Predicts the class whose attribute values, taken as independent given the class, are most "
                 "likely (Laplace-smoothed counts)."
               : "Weighs each attribute value towards each class (multinomial logistic regression, L2 "
                 "penalty); captures attributes that carry overlapping information better than naive Bayes.";
}

std::optional<Classifier> classifierFromName(std::string_view name) {
    if (name == "naive-bayes") return Classifier::NaiveBayes;
    if (name == "logistic") return Classifier::LogisticRegression;
    return std::nullopt;
}

}  // namespace veil::anonymity
