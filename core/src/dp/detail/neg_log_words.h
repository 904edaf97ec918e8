// -ln U for many uniform words at once, vectorised, with a stated error bound, and the geometric
// inversions of the batched discrete Laplace sampler (discrete_laplace_batch.h) built on it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace veil::dp::detail {

// out[i] = -ln((words[i] + 1/2) 2^-64), within 2^-49 of the exact value for every word >= 2^48
// (|ln U| <= 11.1; smaller words get a finite value of no use). The error analysis is at the
// definition; tst_discrete_laplace_batch checks the bound against long double.
void negLogOfWords(const std::uint64_t* words, double* out, std::size_t count);

// For each word, its top 32 bits the first digits p of a uniform U: out[i] = floor(-t ln U) when
// that is the same integer for every U whose digits begin with p (decided from the estimate at
// the middle of p's cell, with its error bound), NaN otherwise (p < 2^16, or the interval around
// the estimate straddles an integer). `error` bounds t times the logarithm's and the product's
// errors (GeometricScale::errorAtLargeWords).
void inversionFloors(const std::uint64_t* words, std::size_t count, double t, double error, double* out);

}  // namespace veil::dp::detail
