// AIM's options, zCDP budget schedule and workload candidates (McKenna, Mullins, Sheldon, Miklau,
// VLDB 2022, Algorithm 1 and Section 5), with replace-one sensitivities (sqrt 2 per marginal).
#include "veil/synth/aim.h"

#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>

namespace veil::synth {

Status validateOptions(const AimOptions& o) {
    VEIL_RETURN_IF_ERROR(dp::validateEpsilon(o.epsilon));
    VEIL_RETURN_IF_ERROR(dp::validateDelta(o.delta));
    if (!(o.delta > 0.0))
        return Status::invalidArgument("delta: AIM needs delta > 0 (zCDP is converted to (epsilon, delta)); got " +
                                       formatNumber(o.delta));
    if (o.degree != 2 && o.degree != 3)
        return Status::invalidArgument("degree: " + std::to_string(o.degree) + " is not 2 or 3");
    if (o.rounds > 10'000)
        return Status::invalidArgument("rounds: " + std::to_string(o.rounds) + " is not in [0, 10000]");
    for (auto [name, value] :
         {std::pair<const char*, std::size_t>{"iterations", o.iterations}, {"round_iterations", o.roundIterations}})
        if (value == 0 || value > 1'000'000)
            return Status::invalidArgument(std::string(name) + ": " + std::to_string(value) +
                                           " is not in [1, 1000000]");
    if (!(o.maxModelCells >= 1.0 && o.maxModelCells <= 1e8))
        return Status::invalidArgument("max_model_cells: " + formatNumber(o.maxModelCells) + " is not in [1, 10^8]");
    if (o.rows > kMaxSyntheticRows)
        return Status::invalidArgument("rows: " + std::to_string(o.rows) + " is above the limit of " +
                                       std::to_string(kMaxSyntheticRows));
    return Status::ok();
}

AimAccountant::AimAccountant(double rho, std::size_t d, std::size_t rounds) : m_rho(rho) {
    // At least d + 1 rounds, so that the 1-way marginals (d rounds' Gaussian shares, 0.9 d rho / T)
    // leave budget for one round.
    const double t = static_cast<double>(std::max(rounds, d + 1));
    m_sigma = std::sqrt(t / (0.9 * rho));
    m_epsilon = std::sqrt(0.8 * rho / t);
    m_initialSigma = m_sigma;
    m_used = static_cast<double>(d) / (m_sigma * m_sigma);
}

AimRound AimAccountant::next() {
    AimRound r;
    const double remaining = m_rho - m_used;
    r.sigma = m_sigma;
    r.epsilon = m_epsilon;
    if (remaining < 2.0 * (m_epsilon * m_epsilon / 8.0 + 1.0 / (m_sigma * m_sigma))) {
        // The paper's last round: everything left, 0.9 to the measurement, 0.1 to the selection.
        r.sigma = std::sqrt(1.0 / (0.9 * remaining));
        r.epsilon = std::sqrt(0.8 * remaining);
        r.last = true;
    }
    r.rho = r.epsilon * r.epsilon / 8.0 + 1.0 / (r.sigma * r.sigma);
    m_used += r.rho;
    return r;
}

void AimAccountant::anneal() {
    m_sigma /= 2.0;
    m_epsilon *= 2.0;
}

std::vector<AimCandidate> aimCandidates(std::size_t d, std::size_t degree) {
    const std::size_t k = std::min(d, degree);
    // Every set of 1..k columns, by size then lexicographically (subsets by bit mask would limit d).
    std::vector<std::vector<std::size_t>> sets;
    for (std::size_t size = 1; size <= k; ++size) {
        std::vector<std::size_t> s(size);
        for (std::size_t i = 0; i < size; ++i) s[i] = i;
        while (true) {
            sets.push_back(s);
            std::size_t i = size;
            while (i-- > 0 && s[i] == d - size + i) {
            }
            if (i == static_cast<std::size_t>(-1)) break;
            ++s[i];
            for (std::size_t j = i + 1; j < size; ++j) s[j] = s[j - 1] + 1;
        }
    }
    std::vector<AimCandidate> out;
    for (const auto& c : sets) {
        double weight = 0.0;
        for (const auto& w : sets) {
            if (w.size() != k) continue;  // the workload: the k-way sets
            std::vector<std::size_t> common;
            std::set_intersection(c.begin(), c.end(), w.begin(), w.end(), std::back_inserter(common));
            weight += static_cast<double>(common.size());
        }
        out.push_back({c, weight});
    }
    return out;
}

}  // namespace veil::synth
