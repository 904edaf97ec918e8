// Population uniqueness: how many records of the population are alone in their class, estimated
// from a sample's class sizes and the population size (ARX's population models, sdcMicro's
// population risk). A sample unique is a re-identification risk only if it is also unique in the
// population; these models estimate how many are.
// - Zayatz (1991): the sample's class-size distribution stands in for the population's; the share of
//   sample uniques that are population uniques follows from hypergeometric sampling; scaled by N / n.
// - Pitman (Hoshino 2001): class sizes follow Pitman's two-parameter sampling formula; theta and
//   alpha by maximum likelihood (Newton's method), then uniques = Gamma(t+1)/Gamma(t+a) N^a.
// - SNB (Chen & Keller-McNulty 1998): population classes hold 1 + NB(alpha, beta) records; alpha and
//   beta match the sample's classes of sizes 1 and 2, uniques = K beta^alpha.
// - Dankar et al. (2012)'s rule picks one of the three by the sampling fraction.
#pragma once

#include "veil/common/status.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace veil::anonymity {

// The model behind an estimate.
enum class UniquenessModel { Zayatz, Pitman, Snb };

// "zayatz", "pitman", "snb".
const char* uniquenessModelName(UniquenessModel model);
// The model's name for people: "Zayatz", "Pitman", "SNB".
const char* uniquenessModelTitle(UniquenessModel model);
// One line on what the model assumes, for the CLI's help and the window's tooltips.
const char* uniquenessModelDescription(UniquenessModel model);
// One line on Dankar et al.'s rule, likewise.
const char* dankarRuleDescription();

struct PopulationUniqueness {
    std::size_t sampleSize = 0;
    std::size_t populationSize = 0;
    double samplingFraction = 0;
    std::size_t sampleUniques = 0;
    // Estimated number of population uniques among the population (nullopt: the model does not
    // apply to this sample, e.g. no sample uniques for Pitman, or its estimate did not converge).
    // Zayatz: sample uniques times P(population unique | sample unique) times N / n (Dankar et al.
    // 2012, appendix A).
    std::optional<double> zayatz;
    std::optional<double> pitman;
    double pitmanTheta = 0, pitmanAlpha = 0;  // the fitted parameters, when pitman is set
    // SNB: nullopt without sample classes of sizes 1 and 2, or when no alpha > 0, 0 < beta < 1 fits.
    std::optional<double> snb;
    double snbAlpha = 0, snbBeta = 0, snbClasses = 0;  // the fit and the estimated K, when snb is set
    // Dankar et al. (2012, BMC Med Inform Decis Mak 12:66)'s decision rule, as ARX applies it: sampling
    // fraction <= 0.1: Pitman, or Zayatz when Pitman does not apply; above: the smaller of Zayatz
    // and SNB, or Zayatz when SNB does not apply. No sample uniques: 0 with no model (dankarModel
    // nullopt); nullopt only when the chosen fallback does not apply either.
    std::optional<double> dankar;
    std::optional<UniquenessModel> dankarModel;
};

// `classSizes`: the sample's equivalence class sizes (zeros ignored); `populationSize` >= sample
// size. At sampling fraction 1 (population = sample) every model returns the sample uniques
// exactly: the sample is the population. Errors: empty sample, population smaller than the
// sample. O(#classes + n) per iteration.
// What the user said about the population: its size, the sampling fraction, or a population
// table (its record count). Each is optional; they must agree.
struct PopulationSizeInput {
    std::optional<long long> size;
    std::optional<double> samplingFraction;   // in (0, 1]: population = sample records / fraction
    std::optional<std::size_t> tableRecords;  // a population table's records
};

// The population's size (0: nothing given): the population table's records, else the size given,
// else sampleRecords / samplingFraction rounded. Errors: a size below 1, a fraction outside (0, 1],
// both a size and a fraction, a size or fraction that disagrees with the population table, a
// population smaller than the sample.
Result<std::size_t> resolvePopulationSize(std::size_t sampleRecords, const PopulationSizeInput& given);

Result<PopulationUniqueness> estimatePopulationUniqueness(const std::vector<std::size_t>& classSizes,
                                                          std::size_t populationSize);

}  // namespace veil::anonymity
