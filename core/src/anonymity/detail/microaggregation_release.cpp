// MDAV (Domingo-Ferrer & Torra, DMKD 2005) on a table: runs veil::anonymity::mdav on the numeric
// QIs and assembles the classes, metrics, risk and released table of an AnonymizationResult.
#include "anonymity/detail/microaggregation_release.h"

#include "anonymity/detail/encoded_data.h"
#include "anonymity/detail/set_label.h"
#include "veil/anonymity/microaggregation.h"
#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace veil::anonymity::detail {

namespace {

struct QiColumn {
    std::string name;
    std::size_t column = 0;
    ColumnType type = ColumnType::Integer;
    bool numeric = false;
    std::size_t numericIndex = 0;                     // numeric: its column in the MDAV input
    std::vector<double> values;                       // numeric
    std::vector<std::uint32_t> codes;                 // categorical: position in `categories`
    std::vector<std::string> categories;              // categorical: sorted distinct texts
    const hierarchy::Hierarchy* hierarchy = nullptr;  // categorical, optional
};

Status readNumeric(const Column& c, QiColumn& q) {
    q.values.resize(c.size());
    for (std::size_t r = 0; r < c.size(); ++r) {
        if (c.isMissing(r))
            return Status::invalidArgument("quasi-identifier '" + q.name + "' has a missing value in record " +
                                           std::to_string(r + 1) + "; MDAV needs a number in every record");
        q.values[r] = c.numericAt(r);
    }
    return Status::ok();
}

Status readCategorical(const Column& c, const QuasiIdentifier& qi, QiColumn& q) {
    std::vector<std::string> texts(c.size());
    std::string scratch;
    for (std::size_t r = 0; r < c.size(); ++r) texts[r] = std::string(c.stringViewAt(r, scratch));
    const std::set<std::string> distinct(texts.begin(), texts.end());
    q.categories.assign(distinct.begin(), distinct.end());
    if (qi.hierarchy) {
        q.hierarchy = &*qi.hierarchy;
        VEIL_RETURN_IF_ERROR(q.hierarchy->checkCoverage(q.categories).withContext("quasi-identifier '" + q.name + "'"));
        VEIL_RETURN_IF_ERROR(q.hierarchy->checkConsistency());
    }
    std::map<std::string, std::uint32_t> pos;
    for (std::size_t i = 0; i < q.categories.size(); ++i) pos.emplace(q.categories[i], std::uint32_t(i));
    q.codes.resize(c.size());
    for (std::size_t r = 0; r < c.size(); ++r) q.codes[r] = pos[texts[r]];
    return Status::ok();
}

// The QIs in table column order; `numeric` gets the values of the numeric ones (MDAV's input).
Status readQuasiIdentifiers(const Table& table, const AnonymizationConfig& config, std::vector<QiColumn>& qis,
                            std::vector<std::vector<double>>& numeric) {
    auto ordered = orderedQuasiIdentifiers(table, config);
    if (!ordered) return ordered.status();
    for (const auto& entry : *ordered) {
        QiColumn q;
        q.name = entry.second->column;
        q.column = entry.first;
        const Column& c = table.column(entry.first);
        q.type = c.type();
        q.numeric = isNumericType(c.type());
        if (q.numeric) {
            VEIL_RETURN_IF_ERROR(readNumeric(c, q));
            q.numericIndex = numeric.size();
            numeric.push_back(q.values);
        } else {
            VEIL_RETURN_IF_ERROR(readCategorical(c, *entry.second, q));
        }
        qis.push_back(std::move(q));
    }
    if (numeric.empty())
        return Status::invalidArgument(
            "MDAV microaggregates numeric quasi-identifiers, and none of the quasi-identifiers is numeric; use the "
            "optimal or Mondrian algorithm");
    return Status::ok();
}

// A categorical QI's value for a group: the value itself when the group has one, else the lowest
// hierarchy level on which the group's values meet, else (no hierarchy) the set "{a,b}".
std::string categoricalLabel(const QiColumn& q, const std::vector<std::size_t>& members) {
    std::set<std::uint32_t> present;
    for (auto r : members) present.insert(q.codes[r]);
    if (present.size() == 1) return q.categories[*present.begin()];
    if (q.hierarchy) {
        const auto& h = *q.hierarchy;
        std::vector<std::size_t> rows;
        rows.reserve(present.size());
        for (auto code : present) rows.push_back(*h.findValue(q.categories[code]));
        for (std::size_t l = 1; l < h.levelCount(); ++l) {
            bool same = true;
            for (auto row : rows) same = same && h.label(row, l) == h.label(rows.front(), l);
            if (same) return h.label(rows.front(), l);
        }
        return "*";
    }
    return setLabel(present, [&q](std::uint32_t code) -> const std::string& { return q.categories[code]; });
}

// The released value of a numeric QI: the group mean (a date rounds to the nearest day).
double releasedValue(const QiColumn& q, double mean) { return q.type == ColumnType::Date ? std::round(mean) : mean; }

std::string numericLabel(const QiColumn& q, double mean) {
    return q.type == ColumnType::Date ? formatIsoDate(std::int32_t(releasedValue(q, mean))) : formatNumber(mean);
}

// Per numeric QI (by numericIndex) and group, the text every member wrote, when they all hold the
// group's mean and wrote it alike ("60.0" stays "60.0": MDAV changed nothing there); nullopt
// elsewhere, where the released value is the mean. Dates are written canonically anyway.
using KeptTexts = std::vector<std::vector<std::optional<std::string>>>;
KeptTexts keptTexts(const Table& table, const std::vector<QiColumn>& qis, const Microaggregation& m) {
    KeptTexts kept;
    for (const auto& q : qis) {
        if (!q.numeric) continue;
        auto& perGroup = kept.emplace_back(m.groups.size());
        const Column& c = table.column(q.column);
        if (q.type == ColumnType::Date || !c.keepsOriginalText()) continue;
        for (std::size_t g = 0; g < m.groups.size(); ++g) {
            const double mean = m.groupMeans[g][q.numericIndex];
            std::optional<std::string> text;
            bool same = true;
            for (auto r : m.groups[g]) {
                std::string t = c.toString(r);
                same = q.values[r] == mean && (!text || *text == t);
                if (!same) break;
                text = std::move(t);
            }
            if (same) perGroup[g] = std::move(text);
        }
    }
    return kept;
}

// Sizes of the classes of identical QI tuples in the input (for the risk before).
std::vector<std::size_t> inputClassSizes(const std::vector<QiColumn>& qis, std::size_t n) {
    std::vector<std::size_t> order(n);
    for (std::size_t r = 0; r < n; ++r) order[r] = r;
    const auto less = [&](std::size_t a, std::size_t b) {
        for (const auto& q : qis) {
            if (q.numeric && q.values[a] != q.values[b]) return q.values[a] < q.values[b];
            if (!q.numeric && q.codes[a] != q.codes[b]) return q.codes[a] < q.codes[b];
        }
        return false;
    };
    std::sort(order.begin(), order.end(), less);
    std::vector<std::size_t> sizes;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == 0 || less(order[i - 1], order[i])) sizes.push_back(0);
        ++sizes.back();
    }
    return sizes;
}

// Numeric QIs become real (or date) columns of group means; categorical QIs their group labels.
Table releaseTable(const Table& table, const std::vector<QiColumn>& qis, const Microaggregation& m,
                   const EquivalenceClasses& ec, const AnonymizationConfig& config, const KeptTexts& kept) {
    Table out = table;
    const std::size_t n = table.rowCount();
    for (std::size_t d = 0; d < qis.size(); ++d) {
        const auto& q = qis[d];
        const bool date = q.type == ColumnType::Date;
        Column::Builder b(q.name, !q.numeric ? ColumnType::Categorical : date ? ColumnType::Date : ColumnType::Real, n);
        for (std::size_t r = 0; r < n; ++r) {
            if (!q.numeric) {
                b.appendCategory(ec.classLabels.at(ec.recordClass[r], d));
                continue;
            }
            const double v = releasedValue(q, m.groupMeans[m.recordGroup[r]][q.numericIndex]);
            if (const auto& text = kept[q.numericIndex][m.recordGroup[r]]; text && b.appendParsed(*text)) continue;
            if (date)
                b.appendDate(std::int32_t(v));
            else
                b.appendReal(v);
        }
        out = out.withColumn(q.column, b.finish()).withRole(q.column, AttributeRole::QuasiIdentifier);
    }
    if (config.sensitive)
        if (auto s = table.columnIndex(*config.sensitive); s.isOk()) out = out.withRole(*s, AttributeRole::Sensitive);
    return out;
}

// What MDAV cannot do is refused; what it ignores is said in a warning.
Status checkConfig(const AnonymizationConfig& config, std::size_t n, std::vector<std::string>& warnings) {
    VEIL_RETURN_IF_ERROR(validateModels(config, n));
    const auto& models = config.models;
    if (models.lDiversity || models.tCloseness || models.deltaPresence)
        return Status::unsupported(
            "MDAV microaggregation guarantees k-anonymity only; l-diversity, t-closeness and delta-presence need the "
            "optimal or Mondrian algorithm");
    if (config.suppressionLimit > 0)
        warnings.emplace_back(
            "MDAV suppresses no record (every group has at least k records); the suppression limit "
            "is not used");
    if (config.transformation)
        warnings.emplace_back("a transformation applies to the optimal algorithm; MDAV ignores it");
    return Status::ok();
}

// The classes of the released table: MDAV's groups, merged where several release the same values
// (groups of equal means, e.g. five records of age 39 each; adult on age and sex: 6032 groups, 199
// released combinations). Labels per QI in table column order, classes in order of first group.
EquivalenceClasses groupClasses(const std::vector<QiColumn>& qis, const Microaggregation& m, const KeptTexts& kept) {
    EquivalenceClasses ec;
    std::map<std::vector<std::string>, std::uint32_t> classOf;
    std::vector<std::uint32_t> groupClass(m.groups.size());
    for (std::size_t g = 0; g < m.groups.size(); ++g) {
        std::vector<std::string> labels;
        labels.reserve(qis.size());
        for (const auto& q : qis)
            labels.push_back(!q.numeric                ? categoricalLabel(q, m.groups[g])
                             : kept[q.numericIndex][g] ? *kept[q.numericIndex][g]
                                                       : numericLabel(q, m.groupMeans[g][q.numericIndex]));
        auto [it, added] = classOf.emplace(labels, std::uint32_t(ec.classSize.size()));
        if (added) {
            ec.classSize.push_back(0);
            ec.classSuppressed.push_back(0);
            ec.classLabels.push_back(labels);
        }
        groupClass[g] = it->second;
        ec.classSize[it->second] += m.groups[g].size();
    }
    ec.recordClass.resize(m.recordGroup.size());
    for (std::size_t r = 0; r < m.recordGroup.size(); ++r) ec.recordClass[r] = groupClass[m.recordGroup[r]];
    return ec;
}

// SSE/SST from the groups; discernibility and AECS from the released classes (records that share
// released values are indistinguishable, whichever group they came from).
MetricValues groupMetrics(const Microaggregation& m, const EquivalenceClasses& ec, std::size_t n) {
    MetricValues v;
    const double nan = std::nan("");
    v.loss = v.entropy = v.entropyNonMonotonic = v.precision = v.height = v.ncp = nan;
    double dm = 0;
    for (std::size_t size : ec.classSize) dm += double(size) * double(size);
    v.discernibility = v.discernibilityPenalized = dm;
    v.aecs = double(n) / double(ec.classCount());
    v.sse = m.sseOverSst();
    return v;
}

MetricKind reportedMetric(MetricKind asked, std::vector<std::string>& warnings) {
    switch (asked) {
        case MetricKind::Sse:
        case MetricKind::Discernibility:
        case MetricKind::DiscernibilityPenalized:
        case MetricKind::Aecs:
            return asked;
        case MetricKind::Loss:  // the default: not worth a warning
            return MetricKind::Sse;
        default:
            warnings.push_back(std::string("metric '") + metricName(asked) +
                               "' is defined for generalization; MDAV reports SSE/SST (sse)");
            return MetricKind::Sse;
    }
}

}  // namespace

Result<AnonymizationResult> runMdav(const Table& table, const AnonymizationConfig& config, const RunContext& ctx) {
    const std::size_t n = table.rowCount();
    AnonymizationResult result;
    result.algorithm = Algorithm::Mdav;
    VEIL_RETURN_IF_ERROR(checkConfig(config, n, result.warnings));
    std::vector<QiColumn> qis;
    std::vector<std::vector<double>> numeric;
    VEIL_RETURN_IF_ERROR(readQuasiIdentifiers(table, config, qis, numeric));
    auto groups = mdav(numeric, std::size_t(config.models.k), ctx);
    if (!groups) return groups.status();
    const Microaggregation& m = *groups;

    std::string grouped, generalized;
    for (const auto& q : qis) {
        result.quasiIdentifiers.push_back(q.name);
        (q.numeric ? grouped : generalized) += ((q.numeric ? grouped : generalized).empty() ? "" : ", ") + q.name;
    }
    if (!generalized.empty())
        result.warnings.push_back("MDAV grouped the records on the numeric quasi-identifiers (" + grouped +
                                  ") only; the categorical ones (" + generalized +
                                  ") were generalized within each group so that every quasi-identifier combination "
                                  "is shared by at least k records");
    result.found = true;
    result.groups = m.groups.size();
    const KeptTexts kept = keptTexts(table, qis, m);
    result.classes = groupClasses(qis, m, kept);
    result.metrics = groupMetrics(m, result.classes, n);
    result.metric = reportedMetric(config.metric, result.warnings);
    result.informationLoss = result.metrics.get(result.metric);
    result.riskBefore = riskFromClassSizes(inputClassSizes(qis, n), config.riskThreshold);
    result.riskAfter = riskFromClassSizes(result.classes.classSize, config.riskThreshold);
    if (config.buildOutput) result.output = releaseTable(table, qis, m, result.classes, config, kept);
    return result;
}

}  // namespace veil::anonymity::detail
