// Mondrian (LeFevre et al., ICDE 2006), with l-diversity / t-closeness as split constraints
// ("Computing l-Diversity: replace the k-anonymity test", seed 004).
#include "anonymity/detail/mondrian.h"

#include "anonymity/detail/class_checker.h"
#include "anonymity/detail/encoded_data.h"
#include "anonymity/detail/release_table.h"
#include "anonymity/detail/set_label.h"
#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace veil::anonymity::detail {

namespace {

struct Dim {
    std::string name;
    std::size_t column = 0;
    bool numeric = false;
    ColumnType type = ColumnType::Integer;
    std::vector<double> value;            // per record: the number, or the category's position
    std::vector<std::string> categories;  // categorical: text by position
    const hierarchy::Hierarchy* hierarchy = nullptr;
    std::vector<std::size_t> hierarchyRow;  // categorical with hierarchy: row by position
    double min = 0, max = 0;
};

std::string formatValue(const Dim& d, double v) {
    if (!d.numeric) return d.categories[std::size_t(v)];
    if (d.type == ColumnType::Date) return formatIsoDate(std::int32_t(v));
    if (d.type == ColumnType::Integer) return std::to_string(static_cast<long long>(v));
    return formatNumber(v);
}

// A numeric bound of a partition as the data wrote it ("70.50", not 70.5: lossless), when every
// record of the partition holding that value wrote it alike; otherwise (30 and 30.0) the number.
std::string boundText(const Column& column, const Dim& d, const std::vector<std::uint32_t>& idx, std::size_t b,
                      std::size_t e, double v) {
    if (!column.keepsOriginalText()) return formatValue(d, v);  // every cell is written canonically
    std::optional<std::string> text;
    for (auto q = b; q < e; ++q) {
        if (d.value[idx[q]] != v) continue;
        std::string t = column.toString(idx[q]);
        if (!text)
            text = std::move(t);
        else if (*text != t)
            return formatValue(d, v);
    }
    return text ? *text : formatValue(d, v);
}

Status encodeDims(const Table& table, const AnonymizationConfig& config, std::vector<Dim>& dims) {
    auto qis = orderedQuasiIdentifiers(table, config);
    if (!qis) return qis.status();
    const std::size_t n = table.rowCount();
    for (const auto& [col, qi] : *qis) {
        Dim d;
        d.name = qi->column;
        d.column = col;
        const Column& c = table.column(col);
        d.type = c.type();
        d.numeric = isNumericType(c.type());
        d.value.resize(n);
        if (d.numeric) {
            for (std::size_t r = 0; r < n; ++r) {
                if (c.isMissing(r))
                    return Status::invalidArgument("quasi-identifier '" + d.name + "' has a missing value in record " +
                                                   std::to_string(r + 1));
                d.value[r] = c.numericAt(r);
            }
        } else {
            std::unordered_map<std::string, std::size_t> pos;
            std::vector<std::string> texts(n);
            std::string scratch;
            for (std::size_t r = 0; r < n; ++r) texts[r] = std::string(c.stringViewAt(r, scratch));
            if (qi->hierarchy) {
                d.hierarchy = &*qi->hierarchy;
                std::vector<std::string> distinct;
                for (const auto& t : texts)
                    if (!pos.count(t)) pos.emplace(t, 0), distinct.push_back(t);
                VEIL_RETURN_IF_ERROR(
                    d.hierarchy->checkCoverage(distinct).withContext("quasi-identifier '" + d.name + "'"));
                VEIL_RETURN_IF_ERROR(d.hierarchy->checkConsistency());
                std::sort(distinct.begin(), distinct.end(), [&](const std::string& a, const std::string& b) {
                    return *d.hierarchy->findValue(a) < *d.hierarchy->findValue(b);
                });
                d.categories = distinct;
            } else {
                std::set<std::string> sorted(texts.begin(), texts.end());
                d.categories.assign(sorted.begin(), sorted.end());
            }
            pos.clear();
            for (std::size_t i = 0; i < d.categories.size(); ++i) {
                pos[d.categories[i]] = i;
                if (d.hierarchy) d.hierarchyRow.push_back(*d.hierarchy->findValue(d.categories[i]));
            }
            for (std::size_t r = 0; r < n; ++r) d.value[r] = double(pos[texts[r]]);
        }
        d.min = *std::min_element(d.value.begin(), d.value.end());
        d.max = *std::max_element(d.value.begin(), d.value.end());
        dims.push_back(std::move(d));
    }
    return Status::ok();
}

// Records as rows (id, value per QI) so that every pass over a partition reads memory in order;
// partitions are ranges of rows that are swapped in place.
class Partitioner {
public:
    Partitioner(const std::vector<Dim>& dims, const SensitiveData& sensitive, const std::vector<std::uint32_t>& codes,
                const PrivacyModels& models, bool relaxed)
        : m_dims(dims),
          m_m(dims.size()),
          m_stride(dims.size() + 1),
          m_codes(codes),
          m_checker(sensitive, models),
          m_k(std::size_t(models.k)),
          m_relaxed(relaxed),
          m_hist(sensitive.values.size(), 0) {
        const std::size_t n = codes.size();
        m_rows.resize(n * m_stride);
        for (std::size_t r = 0; r < n; ++r) {
            m_rows[r * m_stride] = double(r);
            for (std::size_t d = 0; d < m_m; ++d) m_rows[r * m_stride + 1 + d] = dims[d].value[r];
        }
    }

    std::uint32_t id(std::size_t row) const { return std::uint32_t(m_rows[row * m_stride]); }

    void bounds(std::size_t b, std::size_t e, std::vector<double>& lo, std::vector<double>& hi) const {
        lo.assign(m_m, HUGE_VAL);
        hi.assign(m_m, -HUGE_VAL);
        for (std::size_t r = b; r < e; ++r) {
            const double* v = &m_rows[r * m_stride + 1];
            for (std::size_t d = 0; d < m_m; ++d) {
                lo[d] = std::min(lo[d], v[d]);
                hi[d] = std::max(hi[d], v[d]);
            }
        }
    }

    bool acceptable(std::size_t b, std::size_t e) {
        const std::size_t size = e - b;
        if (size < m_k) return false;
        if (!m_checker.needsHistogram()) return m_checker.satisfies(size, m_hist, m_touched, 0);
        m_touched.clear();
        for (std::size_t r = b; r < e; ++r) {
            const auto c = m_codes[id(r)];
            if (m_hist[c]++ == 0) m_touched.push_back(c);
        }
        const bool ok = m_checker.satisfies(size, m_hist, m_touched, 0);
        for (auto c : m_touched) m_hist[c] = 0;
        return ok;
    }

    // Tries to split rows [b, e); returns the first row of the right part, or 0 when no
    // allowable cut exists.
    std::size_t split(std::size_t b, std::size_t e, const std::vector<double>& lo, const std::vector<double>& hi) {
        std::vector<std::pair<double, std::size_t>> order;
        for (std::size_t d = 0; d < m_m; ++d) {
            const double range = m_dims[d].max - m_dims[d].min;
            if (hi[d] > lo[d] && range > 0) order.emplace_back(-(hi[d] - lo[d]) / range, d);
        }
        std::sort(order.begin(), order.end());
        for (const auto& [w, d] : order) {
            // Relaxed (LeFevre et al.'s cut on ordered domains): the sorted halves, records equal to
            // the median on either side. A category split between both halves generalizes at least
            // one of them to a higher hierarchy node, so categories are cut strictly when they can
            // be, and relaxed only when no strict cut is allowed.
            if (m_relaxed && m_dims[d].numeric) {
                if (const std::size_t cut = relaxedCut(b, e, d)) return cut;
                continue;
            }
            if (const std::size_t cut = strictCut(b, e, d)) return cut;
            if (m_relaxed)
                if (const std::size_t cut = relaxedCut(b, e, d)) return cut;
        }
        return 0;
    }

private:
    // Values up to the (lower) median left, the rest right; 0 when not allowed.
    std::size_t strictCut(std::size_t b, std::size_t e, std::size_t d) {
        const std::size_t size = e - b;
        m_tmp.resize(size);
        for (std::size_t r = b; r < e; ++r) m_tmp[r - b] = m_rows[r * m_stride + 1 + d];
        const std::size_t mid = (size - 1) / 2;
        std::nth_element(m_tmp.begin(), m_tmp.begin() + std::ptrdiff_t(mid), m_tmp.end());
        const double median = m_tmp[mid];
        std::size_t cut = partitionRows(b, e, d, [median](double x) { return x <= median; });
        if (cut == e) cut = partitionRows(b, e, d, [median](double x) { return x < median; });
        if (cut == b || cut == e) return 0;
        return acceptable(b, cut) && acceptable(cut, e) ? cut : 0;
    }

    // The sorted halves, records equal to the median on either side; 0 when not allowed.
    std::size_t relaxedCut(std::size_t b, std::size_t e, std::size_t d) {
        const std::size_t size = e - b;
        m_tmp.resize(size);
        for (std::size_t r = b; r < e; ++r) m_tmp[r - b] = m_rows[r * m_stride + 1 + d];
        const std::size_t half = size / 2;
        std::nth_element(m_tmp.begin(), m_tmp.begin() + std::ptrdiff_t(half), m_tmp.end());
        const double median = m_tmp[half];
        const std::size_t below = partitionRows(b, e, d, [median](double x) { return x < median; });
        (void)partitionRows(below, e, d, [median](double x) { return x == median; });
        return acceptable(b, b + half) && acceptable(b + half, e) ? b + half : 0;
    }

    template <typename Pred>
    std::size_t partitionRows(std::size_t b, std::size_t e, std::size_t d, Pred pred) {
        std::size_t i = b, j = e;
        while (true) {
            while (i < j && pred(m_rows[i * m_stride + 1 + d])) ++i;
            while (i < j && !pred(m_rows[(j - 1) * m_stride + 1 + d])) --j;
            if (i + 1 >= j) break;
            std::swap_ranges(m_rows.begin() + std::ptrdiff_t(i * m_stride),
                             m_rows.begin() + std::ptrdiff_t((i + 1) * m_stride),
                             m_rows.begin() + std::ptrdiff_t((j - 1) * m_stride));
            ++i;
            --j;
        }
        return i;
    }

    const std::vector<Dim>& m_dims;
    std::size_t m_m, m_stride;
    const std::vector<std::uint32_t>& m_codes;
    ClassChecker m_checker;
    std::size_t m_k;
    bool m_relaxed;
    std::vector<double> m_rows, m_tmp;
    std::vector<std::uint32_t> m_hist, m_touched;
};

// Label of a categorical partition: the lowest common ancestor in the hierarchy, else the set.
std::string categoricalLabel(const Dim& d, const std::vector<std::size_t>& positions, double& ncp) {
    if (positions.size() == 1) {
        ncp = 0;
        return d.categories[positions[0]];
    }
    if (d.hierarchy) {
        const auto& h = *d.hierarchy;
        for (std::size_t l = 1; l < h.levelCount(); ++l) {
            const auto& label = h.label(d.hierarchyRow[positions[0]], l);
            bool same = true;
            for (auto p : positions) same = same && h.label(d.hierarchyRow[p], l) == label;
            if (same) {
                ncp = double(h.leafCount(l, label)) / double(h.rowCount());
                return label;
            }
        }
        ncp = 1;
        return "*";
    }
    ncp = double(positions.size()) / double(d.categories.size());
    return setLabel(positions, [&d](std::size_t p) -> const std::string& { return d.categories[p]; });
}

// Sizes of the classes of identical QI tuples in the input, from sorted 64-bit tuple hashes.
std::vector<std::size_t> originalClassSizes(const std::vector<Dim>& dims, std::size_t n) {
    std::vector<std::uint64_t> hash(n, 0x243f6a8885a308d3ULL);
    for (const auto& d : dims)
        for (std::size_t r = 0; r < n; ++r) {
            std::uint64_t bits;
            std::memcpy(&bits, &d.value[r], sizeof bits);
            std::uint64_t h = (hash[r] ^ bits) * 0x9e3779b97f4a7c15ULL;
            hash[r] = h ^ (h >> 29);
        }
    // Equal 64-bit hashes are taken as equal tuples (a collision among 10^6 tuples has
    // probability below 1e-7 and would only merge two classes in this risk estimate).
    std::sort(hash.begin(), hash.end());
    std::vector<std::size_t> sizes;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == 0 || hash[i] != hash[i - 1]) sizes.push_back(0);
        ++sizes.back();
    }
    return sizes;
}

}  // namespace

Result<AnonymizationResult> runMondrian(const Table& table, const AnonymizationConfig& config, const RunContext& ctx) {
    const std::size_t n = table.rowCount();
    VEIL_RETURN_IF_ERROR(validateModels(config, n));
    if (config.models.deltaPresence) return Status::unsupported("Mondrian does not support delta-presence");
    std::vector<Dim> dims;
    VEIL_RETURN_IF_ERROR(encodeDims(table, config, dims));
    EncodedData sens;
    sens.records = n;
    std::vector<std::uint32_t> codes(n, 0);
    if (config.sensitive) VEIL_RETURN_IF_ERROR(encodeSensitive(table, config, sens, codes));
    if (config.models.lDiversity && double(sens.sensitive.values.size()) < config.models.lDiversity->l)
        return Status::invalidArgument("l = " + formatNumber(config.models.lDiversity->l) +
                                       " but sensitive attribute '" + sens.sensitive.name + "' has only " +
                                       std::to_string(sens.sensitive.values.size()) + " distinct value(s)");

    AnonymizationResult result;
    result.algorithm = Algorithm::Mondrian;
    result.metric = MetricKind::Ncp;
    for (const auto& d : dims) result.quasiIdentifiers.push_back(d.name);
    if (config.metric != MetricKind::Ncp && config.metric != MetricKind::Discernibility &&
        config.metric != MetricKind::Aecs && config.metric != MetricKind::Loss)
        result.warnings.push_back(std::string("metric '") + metricName(config.metric) +
                                  "' is defined for full-domain generalization; Mondrian reports NCP");
    else
        result.metric = config.metric;
    if (config.suppressionLimit > 0)
        result.warnings.emplace_back(
            "Mondrian suppresses no record (every partition has at least k records); the suppression limit is not "
            "used");
    if (config.transformation)
        result.warnings.emplace_back("a transformation applies to the optimal algorithm; Mondrian ignores it");

    Partitioner partitioner(dims, sens.sensitive, codes, config.models, config.mondrianMode == MondrianMode::Relaxed);
    if (!partitioner.acceptable(0, n)) {
        result.found = false;
        result.message = "the whole table does not satisfy " + config.models.describe() + "; Mondrian cannot start";
        result.riskBefore = riskFromClassSizes(originalClassSizes(dims, n), config.riskThreshold);
        return result;
    }
    const std::size_t m = dims.size();
    std::vector<std::pair<std::size_t, std::size_t>> stack{{0, n}}, leaves;
    ProgressReporter progress(ctx, "Mondrian partitioning", static_cast<long long>(n), 0.0, 0.9);
    long long finished = 0;
    std::vector<double> lo, hi;
    while (!stack.empty()) {
        const auto [b, e] = stack.back();
        stack.pop_back();
        partitioner.bounds(b, e, lo, hi);
        const std::size_t cut = partitioner.split(b, e, lo, hi);
        if (cut == 0) {
            leaves.emplace_back(b, e);
            finished += static_cast<long long>(e - b);
            if (!progress.step(finished)) return Status::cancelled();
            continue;
        }
        stack.emplace_back(cut, e);
        stack.emplace_back(b, cut);
    }
    std::vector<std::uint32_t> idx(n);
    for (std::size_t r = 0; r < n; ++r) idx[r] = partitioner.id(r);
    std::sort(leaves.begin(), leaves.end());

    // Partitions, labels, NCP, and each QI's sum of leaf shares for ARX's Loss: the share of a
    // generalized value is the fraction of the QI's domain it covers (distinct values for a numeric
    // range, hierarchy leaves or categories for a categorical value or set).
    auto& ec = result.classes;
    ec.recordClass.resize(n);
    double ncpSum = 0;
    std::vector<double> shareSum(m, 0.0), domain(m, 1.0);
    std::vector<std::vector<double>> distinct(m);
    for (std::size_t d = 0; d < m; ++d) {
        if (dims[d].numeric) {
            distinct[d] = dims[d].value;
            std::sort(distinct[d].begin(), distinct[d].end());
            distinct[d].erase(std::unique(distinct[d].begin(), distinct[d].end()), distinct[d].end());
            domain[d] = double(distinct[d].size());
        } else {
            domain[d] = double(dims[d].hierarchy ? dims[d].hierarchy->rowCount() : dims[d].categories.size());
        }
    }
    std::unordered_map<std::string, std::uint32_t> classOfLabels;
    for (std::size_t p = 0; p < leaves.size(); ++p) {
        const auto [b, e] = leaves[p];
        MondrianPartition part;
        part.size = e - b;
        partitioner.bounds(b, e, part.low, part.high);
        for (std::size_t d = 0; d < m; ++d) {
            double ncp = 0, share = 0;
            std::string label;
            if (dims[d].numeric) {
                const double range = dims[d].max - dims[d].min;
                ncp = range > 0 ? (part.high[d] - part.low[d]) / range : 0.0;
                const auto& v = distinct[d];
                share = double(std::upper_bound(v.begin(), v.end(), part.high[d]) -
                               std::lower_bound(v.begin(), v.end(), part.low[d])) /
                        domain[d];
                const Column& column = table.column(dims[d].column);
                label = part.low[d] == part.high[d] ? boundText(column, dims[d], idx, b, e, part.low[d])
                                                    : boundText(column, dims[d], idx, b, e, part.low[d]) + "-" +
                                                          boundText(column, dims[d], idx, b, e, part.high[d]);
            } else {
                std::set<std::size_t> present;
                for (auto q = b; q < e; ++q) present.insert(std::size_t(dims[d].value[idx[q]]));
                label = categoricalLabel(dims[d], std::vector<std::size_t>(present.begin(), present.end()), ncp);
                share = present.size() == 1 ? 1.0 / domain[d] : ncp;  // one value is one leaf
            }
            ncpSum += ncp * double(part.size);
            shareSum[d] += share * double(part.size);
            part.labels.push_back(label);
        }
        // Partitions that release the same labels are one class of the released table (as MDAV's
        // groups): its risk, DM and AECS are the table's.
        std::string key;
        for (const auto& l : part.labels) key += l + '\x1f';
        const auto [it, inserted] = classOfLabels.emplace(std::move(key), std::uint32_t(ec.classSize.size()));
        if (inserted) {
            ec.classSize.push_back(0);
            ec.classSuppressed.push_back(0);
            ec.classLabels.push_back(part.labels);
        }
        ec.classSize[it->second] += part.size;
        for (auto q = b; q < e; ++q) ec.recordClass[idx[q]] = it->second;
        result.partitions.push_back(std::move(part));
    }
    result.found = true;
    result.metrics.ncp = ncpSum / (double(n) * double(m));
    double dm = 0;
    for (auto s : ec.classSize) dm += double(s) * double(s);
    result.metrics.discernibility = result.metrics.discernibilityPenalized = dm;
    result.metrics.aecs = double(n) / double(ec.classCount());
    // ARX's Loss (as for full-domain generalization): per QI x = (sum of shares - N/|H|) / (N - N/|H|),
    // clamped at 0, aggregated as the geometric mean of (1 + x) minus 1.
    double loss = 1.0;
    for (std::size_t d = 0; d < m; ++d) {
        const double nn = double(n), floorSum = nn / domain[d];
        const double x = nn - floorSum > 0 ? std::max(0.0, (shareSum[d] - floorSum) / (nn - floorSum)) : 0.0;
        loss *= std::pow(1.0 + x, 1.0 / double(m));
    }
    result.metrics.loss = loss - 1.0;
    result.metrics.entropy = result.metrics.entropyNonMonotonic = std::nan("");
    result.metrics.precision = result.metrics.height = std::nan("");
    result.informationLoss = result.metrics.get(result.metric);
    result.riskBefore = riskFromClassSizes(originalClassSizes(dims, n), config.riskThreshold);
    std::vector<std::size_t> sizes(ec.classSize.begin(), ec.classSize.end());
    result.riskAfter = riskFromClassSizes(sizes, config.riskThreshold);
    if (config.buildOutput) {
        std::vector<std::size_t> cols;
        for (const auto& d : dims) cols.push_back(d.column);
        std::optional<std::size_t> sensitive;
        if (sens.sensitive.present) sensitive = sens.sensitive.column;
        result.output = buildReleaseTable(table, cols, sensitive, ec);
    }
    return result;
}

}  // namespace veil::anonymity::detail
