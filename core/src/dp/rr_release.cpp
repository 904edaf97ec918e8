// Randomized response over a declared domain, through the release gate (Warner 1965; Kairouz,
// Bonawitz, Ramage, ICML 2016 for the k-ary form).
#include "veil/dp/randomized_response.h"

#include "dp/detail/column_values.h"
#include "veil/common/validate.h"

#include <set>
#include <unordered_map>

namespace veil::dp {

namespace {

Result<std::vector<std::string>> domainOf(const RrRequest& r, const std::string& column, std::string& attribute) {
    if (r.value && !r.categories.empty())
        return Status::invalidArgument("give a binary --value or --categories, not both");
    if (r.value) {
        if (r.otherLabel) return Status::invalidArgument("a binary attribute has no other category");
        attribute = column + " = " + *r.value;
        return std::vector<std::string>{"not " + *r.value, *r.value};
    }
    if (r.categories.empty())
        return Status::invalidArgument(
            "randomized response needs a declared domain: a binary --value V, or --categories "
            "(the categories are never read off the data)");
    std::vector<std::string> out = r.categories;
    VEIL_RETURN_IF_ERROR(requireDistinct(out, "the declared categories"));
    if (r.otherLabel) {
        if (std::find(out.begin(), out.end(), *r.otherLabel) != out.end())
            return Status::invalidArgument("the other category '" + *r.otherLabel + "' is also a declared category");
        out.push_back(*r.otherLabel);
    }
    if (out.size() < 2)
        return Status::invalidArgument("randomized response needs at least 2 categories (declare more, or --other)");
    if (out.size() == 2) attribute = column + " = " + out[1];
    return out;
}

}  // namespace

Result<RrRelease> releaseRandomizedResponse(ReleaseGate& gate, const Column& column, const RrRequest& request,
                                            const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(request.epsilon));
    RrRelease out;
    auto domain = domainOf(request, column.name(), out.attribute);
    if (!domain) return domain.status();
    out.categories = std::move(*domain);
    out.binary = out.categories.size() == 2;
    auto rr = RandomizedResponse::create(request.epsilon, out.categories.size());
    if (!rr) return rr.status();
    Charge charge;
    charge.what = "randomized response on " + column.name();
    charge.mechanism = out.binary ? "randomized-response" : "k-ary-randomized-response";
    charge.neighbouring = neighbouringName(rr->neighbouring());
    charge.citation = out.binary ? "Warner 1965" : "Kairouz, Bonawitz, Ramage, ICML 2016";
    charge.cost = rr->cost();
    charge.details = {{"categories", out.categories.size()}};
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();

    // Every row is a respondent, so their number is the table's, not a count of some value. A row
    // whose value is missing, or outside the declared domain without --other, reports a category
    // uniformly at random (RandomizedResponse::respond).
    std::unordered_map<std::string, std::size_t> index;
    if (request.value) {
        index.emplace(*request.value, 1);
    } else {
        for (std::size_t i = 0; i < request.categories.size(); ++i) index.emplace(request.categories[i], i);
    }
    const std::size_t k = out.categories.size();
    const std::size_t other = request.value ? 0 : request.otherLabel ? request.categories.size() : k;
    std::vector<std::size_t> truths(column.size(), k);  // k: no category (a random report)
    std::string scratch;
    for (std::size_t row = 0; row < column.size(); ++row) {
        if (column.isMissing(row)) continue;
        if (ctx.cancelled()) return Status::cancelled();
        const auto it = index.find(std::string(column.stringViewAt(row, scratch)));
        truths[row] = it != index.end() ? it->second : other;
    }
    const auto reports = rr->respondAll(*admission->random, truths);
    out.estimate = rr->estimate(reports);
    out.truthProbability = rr->truthProbability();
    out.respondents = reports.size();
    out.receipt = admission->receipt;
    if (gate.isTeaching() && !truths.empty()) {
        out.trueFractions.assign(k, 0.0);
        const double share = 1.0 / double(truths.size());
        for (std::size_t t : truths)
            if (t < k)
                out.trueFractions[t] += share;
            else
                for (double& f : out.trueFractions) f += share / double(k);
    }
    return out;
}

}  // namespace veil::dp
