// The method registry: every family adds its methods once; lookup, applicability and truth.
#include "veil/eval/method_registry.h"

#include "detail/methods.h"
#include "veil/common/known_keys.h"
#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>

namespace veil::eval {

const char* methodTargetName(MethodTarget t) {
    switch (t) {
        case MethodTarget::Workload:
            return "workload";
        case MethodTarget::TotalCount:
            return "count";
        case MethodTarget::Median:
            return "median";
        case MethodTarget::Statistic:
            return "statistic";
        case MethodTarget::Anonymity:
            return "anonymity";
    }
    return "?";
}

const char* dataKindName(DataKind k) {
    return k == DataKind::Graph            ? "graph"
           : k == DataKind::Table          ? "table"
           : k == DataKind::SyntheticTable ? "synthetic-table"
                                           : "histogram";
}

const std::vector<MethodInfo>& methodRegistry() {
    static const std::vector<MethodInfo> registry = [] {
        std::vector<MethodInfo> all;
        detail::addCountMethods(all);
        detail::addMedianMethods(all);
        detail::addHistogramMethods(all);
        detail::addSpatialMethods(all);
        detail::addGraphMethods(all);
        detail::addAnonymityMethods(all);
        detail::addSynthMethods(all);
        std::sort(all.begin(), all.end(), [](const MethodInfo& a, const MethodInfo& b) { return a.id < b.id; });
        return all;
    }();
    return registry;
}

Result<const MethodInfo*> findMethod(const std::string& id) {
    const auto& all = methodRegistry();
    for (const auto& m : all)
        if (m.id == id) return &m;
    std::string known;
    for (const auto& m : all) known += (known.empty() ? "" : ", ") + m.id;
    return Status::notFound("unknown method '" + id + "' (known: " + known + ")");
}

Status checkMethodApplies(const MethodInfo& method, DataKind kind, const HistogramData& data, double delta) {
    if (method.input != kind)
        return Status::invalidArgument("method '" + method.id + "' needs a " + dataKindName(method.input) +
                                       " data set, the experiment gives a " + dataKindName(kind));
    if (method.needsDelta && !(delta > 0.0 && delta < 1.0))
        return Status::invalidArgument("method '" + method.id +
                                       "' is (epsilon, delta)-DP: give the experiment a delta in (0, 1) (got " +
                                       formatNumber(delta) + ")");
    if (kind != DataKind::Histogram) return Status::ok();
    if (data.twoDimensional && !method.supports2D)
        return Status::invalidArgument("method '" + method.id + "' needs a 1-D histogram, the data is " +
                                       data.shapeText());
    if (!data.twoDimensional && !method.supports1D)
        return Status::invalidArgument("method '" + method.id + "' needs a 2-D histogram, the data is " +
                                       data.shapeText());
    return Status::ok();
}

double medianBin(const HistogramData& data) {
    const double total = data.total();
    if (!(total > 0)) return 0.0;
    const double rank = std::max(1.0, std::ceil(total / 2.0));
    double cum = 0.0;
    for (std::size_t i = 0; i < data.counts.size(); ++i) {
        cum += data.counts[i];
        if (cum >= rank) return static_cast<double>(i);
    }
    return static_cast<double>(data.counts.size() - 1);
}

std::vector<double> trueAnswers(MethodTarget target, const HistogramData& data, const Workload& workload) {
    switch (target) {
        case MethodTarget::Workload:
            return answerWorkload(workload, data);
        case MethodTarget::TotalCount:
            return {data.total()};
        case MethodTarget::Median:
            return {medianBin(data)};
        case MethodTarget::Statistic:
        case MethodTarget::Anonymity:
            return {};
    }
    return {};
}

Result<double> numberOption(const nlohmann::json& options, const std::string& name, double fallback) {
    if (!options.is_object() || !options.contains(name)) return fallback;
    const auto& v = options[name];
    if (!v.is_number()) return Status::invalidArgument("option '" + name + "' must be a number (got " + v.dump() + ")");
    return v.get<double>();
}

Result<bool> boolOption(const nlohmann::json& options, const std::string& name, bool fallback) {
    if (!options.is_object() || !options.contains(name)) return fallback;
    const auto& v = options[name];
    if (!v.is_boolean())
        return Status::invalidArgument("option '" + name + "' must be true or false (got " + v.dump() + ")");
    return v.get<bool>();
}

Result<std::string> stringOption(const nlohmann::json& options, const std::string& name, const std::string& fallback) {
    if (!options.is_object() || !options.contains(name)) return fallback;
    const auto& v = options[name];
    if (!v.is_string()) return Status::invalidArgument("option '" + name + "' must be a string (got " + v.dump() + ")");
    return v.get<std::string>();
}

Status checkKnownOptions(const nlohmann::json& options, const std::vector<std::string>& known,
                         const std::string& methodId) {
    if (options.is_null()) return Status::ok();
    if (!options.is_object())
        return Status::invalidArgument("method '" + methodId + "': options must be a JSON object");
    for (const auto& [key, value] : options.items()) {
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        return Status::invalidArgument("method '" + methodId + "': unknown option '" + key + "'" +
                                       (known.empty() ? std::string(" (it takes none)") : suggestionText(key, known)));
    }
    return Status::ok();
}

namespace detail {

std::vector<double> histogramRecords(const HistogramData& data) {
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(std::max(0.0, data.total())) + data.size());
    for (std::size_t i = 0; i < data.counts.size(); ++i) {
        const auto n = static_cast<std::size_t>(std::llround(data.counts[i]));
        values.insert(values.end(), n, static_cast<double>(i));
    }
    return values;
}

}  // namespace detail

}  // namespace veil::eval
