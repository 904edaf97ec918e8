// Syntactic anonymization methods of the anonymity engine (veil/anonymity/anonymization.h) for
// experiments over a k grid: the optimal full-domain generalization under one utility metric (ARX's
// optimal lattice search, Prasser et al. AMIA 2014) and Mondrian multidimensional partitioning
// (LeFevre, DeWitt & Ramakrishnan, ICDE 2006), strict or relaxed.
#include "methods.h"

#include "veil/anonymity/anonymization.h"
#include "veil/anonymity/metric.h"

namespace veil::eval::detail {

namespace {

struct OptimalVariant {
    anonymity::MetricKind metric;
    const char* description;
};

const OptimalVariant kOptimal[] = {
    {anonymity::MetricKind::Loss,
     "Optimal full-domain generalization minimising ARX's Loss (normalised to "
     "[0, 1])"},
    {anonymity::MetricKind::Entropy,
     "Optimal full-domain generalization minimising monotonic non-uniform "
     "entropy"},
    {anonymity::MetricKind::EntropyNonMonotonic, "Optimal full-domain generalization minimising non-monotonic entropy"},
    {anonymity::MetricKind::Discernibility, "Optimal full-domain generalization minimising discernibility (DM*)"},
    {anonymity::MetricKind::DiscernibilityPenalized,
     "Optimal full-domain generalization minimising penalised discernibility "
     "(DM)"},
    {anonymity::MetricKind::Aecs,
     "Optimal full-domain generalization minimising the average equivalence "
     "class size"},
    {anonymity::MetricKind::Precision,
     "Optimal full-domain generalization minimising precision loss (Sweeney's "
     "Prec)"},
    {anonymity::MetricKind::Height, "Optimal full-domain generalization minimising the generalization height"},
};

}  // namespace

void addAnonymityMethods(std::vector<MethodInfo>& out) {
    for (const auto& v : kOptimal) {
        MethodInfo m;
        m.id = std::string("optimal:") + anonymity::metricName(v.metric);
        m.module = "anonymity";
        m.description = v.description;
        m.target = MethodTarget::Anonymity;
        m.input = DataKind::Table;
        const std::string id = m.id;
        const auto metric = v.metric;
        m.configure = [id, metric](const nlohmann::json& options, anonymity::AnonymizationConfig& config) -> Status {
            VEIL_RETURN_IF_ERROR(checkKnownOptions(options, {}, id));
            config.algorithm = anonymity::Algorithm::Optimal;
            config.metric = metric;
            return Status::ok();
        };
        out.push_back(std::move(m));
    }
    MethodInfo mondrian;
    mondrian.id = "mondrian";
    mondrian.module = "anonymity";
    mondrian.description =
        "Mondrian multidimensional partitioning (its own "
        "metric: NCP; ARX Loss from the share of each QI's domain a partition covers)";
    mondrian.target = MethodTarget::Anonymity;
    mondrian.input = DataKind::Table;
    mondrian.optionsHelp = "mode: \"strict\" (default) or \"relaxed\"";
    mondrian.configure = [](const nlohmann::json& options, anonymity::AnonymizationConfig& config) -> Status {
        VEIL_RETURN_IF_ERROR(checkKnownOptions(options, {"mode"}, "mondrian"));
        auto mode = stringOption(options, "mode", "strict");
        if (!mode) return mode.status();
        if (*mode != "strict" && *mode != "relaxed")
            return Status::invalidArgument(
                "option 'mode' of method 'mondrian' must "
                "be \"strict\" or \"relaxed\" (got \"" +
                *mode + "\")");
        config.algorithm = anonymity::Algorithm::Mondrian;
        config.metric = anonymity::MetricKind::Ncp;
        config.mondrianMode = *mode == "relaxed" ? anonymity::MondrianMode::Relaxed : anonymity::MondrianMode::Strict;
        return Status::ok();
    };
    out.push_back(std::move(mondrian));
}

}  // namespace veil::eval::detail
