// The discrete Fourier transform of any length (iterative radix-2 Cooley-Tukey for powers of two,
// Bluestein's chirp-z as a power-of-two convolution otherwise; O(n log n)) and the orthonormal
// real Fourier coordinates EFPA perturbs (efpa_histogram.cpp).
#pragma once

#include <complex>
#include <cstddef>
#include <vector>

namespace veil::dp::detail {

// X_k = sum_t x_t exp(-2 pi i k t / n); with `inverse` the sign is +, still without 1/n.
std::vector<std::complex<double>> discreteFourier(std::vector<std::complex<double>> x, bool inverse = false);

// The histogram in an orthonormal real Fourier basis, low frequencies first: y_0 = F_0 (the DC
// term), then sqrt(2) Re F_j and sqrt(2) Im F_j for j = 1 .. (n-1)/2, then F_{n/2} when n is even,
// where F = DFT(x) / sqrt(n) (unitary). sum y^2 = sum x^2, and one record (a unit change in one
// bin) moves the first K coordinates by at most K / sqrt(n) in L1 norm (each pair by sqrt(2/n)
// (|cos| + |sin|) <= 2 / sqrt(n), the DC and n/2 terms by 1 / sqrt(n)).
std::vector<double> realFourierCoordinates(const std::vector<double>& x);
// The inverse: the histogram whose coordinates are y.
std::vector<double> fromRealFourierCoordinates(const std::vector<double>& y);

}  // namespace veil::dp::detail
