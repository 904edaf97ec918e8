// EFPA's choice of the number of kept Fourier coordinates (efpa_histogram.cpp), exposed for tests.
#pragma once

#include <cstddef>
#include <vector>

namespace veil::dp::detail {

// The candidates K = 1, 3, 5, ... (whole frequencies: the DC term, then cos/sin pairs) and n, with
// score(K) = -(sqrt(energy of the dropped coordinates) + sqrt(2 K) * lambda_K), lambda_K =
// K / (sqrt(n) eps2) the Laplace scale the K kept coordinates then get: minus the L2 reconstruction
// error plus the expected L2 norm of the noise. Only the first term reads the data: sensitivity 1
// (the norm of an orthogonal projection moves by at most the L2 change of the histogram).
struct EfpaCandidates {
    std::vector<std::size_t> kept;
    std::vector<double> score;
};
EfpaCandidates efpaCandidates(const std::vector<double>& coordinates, double eps2);

// The Laplace scale of each kept coordinate when K of n are kept: K / (sqrt(n) eps).
double efpaNoiseScale(std::size_t kept, std::size_t n, double eps);

}  // namespace veil::dp::detail
