// Per-attribute summary before and after (as ARX's summary statistics: suppressed values left out,
// the standard deviation with n - 1), the classifier catalogue, and the whole request of
// `veil-cli utility`. The contingency tables and the accuracy have their own files.
#include "veil/anonymity/utility_analysis.h"

#include "anonymity/detail/utility_columns.h"

#include <charconv>
#include <cmath>

namespace veil::anonymity {

namespace {

using detail::TextCodes;

// Accumulates numbers, `weight` times each.
class NumberSummary {
public:
    void add(double v, std::size_t weight = 1) {
        if (weight == 0) return;
        m_values.emplace_back(v, weight);
        m_count += weight;
    }
    std::optional<NumericSummary> summary() const {
        if (m_count == 0) return std::nullopt;
        NumericSummary s;
        s.count = m_count;
        s.min = s.max = m_values.front().first;
        double sum = 0;
        for (const auto& [v, w] : m_values) {
            s.min = std::min(s.min, v);
            s.max = std::max(s.max, v);
            sum += v * double(w);
        }
        s.mean = sum / double(m_count);
        double squares = 0;
        for (const auto& [v, w] : m_values) squares += (v - s.mean) * (v - s.mean) * double(w);
        s.stdDev = m_count > 1 ? std::sqrt(squares / double(m_count - 1)) : 0.0;
        return s;
    }

private:
    std::vector<std::pair<double, std::size_t>> m_values;
    std::size_t m_count = 0;
};

bool isNumericType(const Column& c) { return c.type() == ColumnType::Integer || c.type() == ColumnType::Real; }

std::optional<double> parseNumber(const std::string& text) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<NumericSummary> numbersBefore(const Column& c) {
    if (!isNumericType(c)) return std::nullopt;
    NumberSummary s;
    for (std::size_t r = 0; r < c.size(); ++r)
        if (!c.isMissing(r)) s.add(c.numericAt(r));
    return s.summary();
}

// The released values not suppressed, when all of them are numbers (their texts parse).
std::optional<NumericSummary> numbersAfter(const TextCodes& t, const std::vector<std::uint8_t>& suppressed) {
    NumberSummary s;
    for (std::size_t g = 0; g < t.names.size(); ++g) {
        if (suppressed[g]) continue;
        const auto v = parseNumber(t.names[g]);
        if (!v) return std::nullopt;
        s.add(*v, t.counts[g]);
    }
    return s.summary();
}

// Distinct values, entropy and mode of the codes not `skipped`.
void describe(const TextCodes& t, const std::vector<std::uint8_t>* skipped, std::size_t& distinct, double& entropy,
              std::string& mode) {
    std::vector<std::size_t> counts;
    std::size_t total = 0, best = 0;
    distinct = 0;
    mode.clear();
    for (std::size_t g = 0; g < t.names.size(); ++g) {
        if (skipped && (*skipped)[g]) continue;
        ++distinct;
        counts.push_back(t.counts[g]);
        total += t.counts[g];
        if (t.counts[g] > best || (t.counts[g] == best && detail::naturalLess(t.names[g], mode))) {
            best = t.counts[g];
            mode = t.names[g];
        }
    }
    entropy = detail::entropyBits(counts, total);
}

}  // namespace

Result<std::vector<AttributeUtility>> attributeUtility(const Table& original, const Table& released,
                                                       const std::vector<std::string>& columns,
                                                       const UtilityOptions& options) {
    VEIL_RETURN_IF_ERROR(detail::checkAligned(original, released));
    std::vector<AttributeUtility> out;
    for (const auto& name : columns) {
        auto before = detail::namedColumn(original, name, "original table");
        if (!before) return before.status();
        auto after = detail::namedColumn(released, name, "released table");
        if (!after) return after.status();
        AttributeUtility u;
        u.name = name;
        const TextCodes b = detail::textCodes(**before), a = detail::textCodes(**after);
        const auto suppressed = detail::suppressedCodes(**after, a, options);
        for (std::size_t g = 0; g < a.names.size(); ++g)
            if (suppressed[g]) u.suppressedAfter += a.counts[g];
        describe(b, nullptr, u.distinctBefore, u.entropyBefore, u.modeBefore);
        describe(a, &suppressed, u.distinctAfter, u.entropyAfter, u.modeAfter);
        u.numericBefore = numbersBefore(**before);
        if (u.numericBefore) u.numericAfter = numbersAfter(a, suppressed);
        out.push_back(std::move(u));
    }
    return out;
}

Result<UtilityReport> analyzeUtility(const Table& original, const Table& released, const UtilityRequest& request,
                                     const RunContext& ctx) {
    UtilityReport report;
    auto attributes = attributeUtility(original, released, request.columns, request.options);
    if (!attributes) return attributes.status();
    report.attributes = std::move(*attributes);
    for (const auto& [a, b] : request.pairs) {
        auto c = compareContingency(original, released, a, b, request.caps, request.options);
        if (!c) return c.status();
        report.contingency.push_back(std::move(*c));
    }
    if (request.target) {
        ClassificationRequest classify;
        for (const auto& c : request.columns)
            if (c != *request.target) classify.features.push_back(c);
        classify.target = *request.target;
        classify.model = request.model;
        classify.folds = request.folds;
        classify.options = request.options;
        auto accuracy = classificationAccuracy(original, released, classify, ctx);
        if (!accuracy) return accuracy.status();
        report.classification = std::move(*accuracy);
    }
    return report;
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
