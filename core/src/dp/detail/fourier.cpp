// Radix-2 and Bluestein DFT; the real orthonormal Fourier coordinates (fourier.h).
#include "dp/detail/fourier.h"

#include <cmath>
#include <numbers>
#include <utility>

namespace veil::dp::detail {

namespace {

using Complex = std::complex<double>;

bool isPowerOfTwo(std::size_t n) { return n > 0 && (n & (n - 1)) == 0; }

// In place, n a power of two. Twiddles from one table of exp(sign 2 pi i j / n), each computed
// directly (no accumulated rounding).
void radix2(std::vector<Complex>& a, bool inverse) {
    const std::size_t n = a.size();
    if (n < 2) return;
    for (std::size_t i = 1, j = 0; i < n; ++i) {  // bit reversal
        std::size_t bit = n >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) std::swap(a[i], a[j]);
    }
    const double sign = inverse ? 1.0 : -1.0;
    std::vector<Complex> root(n / 2);
    for (std::size_t j = 0; j < n / 2; ++j)
        root[j] = std::polar(1.0, sign * 2.0 * std::numbers::pi * double(j) / double(n));
    for (std::size_t len = 2; len <= n; len <<= 1) {
        const std::size_t stride = n / len, half = len / 2;
        for (std::size_t start = 0; start < n; start += len)
            for (std::size_t k = 0; k < half; ++k) {
                const Complex u = a[start + k], v = a[start + k + half] * root[k * stride];
                a[start + k] = u + v;
                a[start + k + half] = u - v;
            }
    }
}

// Bluestein: X_k = w_k sum_t (x_t w_t) conj(w_{k-t}), w_k = exp(sign pi i k^2 / n), a cyclic
// convolution of length m >= 2n - 1 (a power of two). k^2 is reduced mod 2n before the angle.
std::vector<Complex> bluestein(const std::vector<Complex>& x, bool inverse) {
    const std::size_t n = x.size();
    std::size_t m = 1;
    while (m < 2 * n - 1) m <<= 1;
    const double sign = inverse ? 1.0 : -1.0;
    std::vector<Complex> w(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t k2 = (k * k) % (2 * n);
        w[k] = std::polar(1.0, sign * std::numbers::pi * double(k2) / double(n));
    }
    std::vector<Complex> a(m, Complex(0.0, 0.0)), b(m, Complex(0.0, 0.0));
    for (std::size_t t = 0; t < n; ++t) a[t] = x[t] * w[t];
    b[0] = std::conj(w[0]);
    for (std::size_t j = 1; j < n; ++j) b[j] = b[m - j] = std::conj(w[j]);
    radix2(a, false);
    radix2(b, false);
    for (std::size_t i = 0; i < m; ++i) a[i] *= b[i];
    radix2(a, true);
    std::vector<Complex> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = w[k] * a[k] / double(m);
    return out;
}

}  // namespace

std::vector<Complex> discreteFourier(std::vector<Complex> x, bool inverse) {
    if (isPowerOfTwo(x.size())) {
        radix2(x, inverse);
        return x;
    }
    if (x.empty()) return x;
    return bluestein(x, inverse);
}

std::vector<double> realFourierCoordinates(const std::vector<double>& x) {
    const std::size_t n = x.size();
    std::vector<Complex> c(x.begin(), x.end());
    const std::vector<Complex> f = discreteFourier(std::move(c));
    const double unit = 1.0 / std::sqrt(double(n)), pair = std::sqrt(2.0 / double(n));
    std::vector<double> y(n);
    if (n == 0) return y;
    y[0] = f[0].real() * unit;
    const std::size_t pairs = (n - 1) / 2;
    for (std::size_t j = 1; j <= pairs; ++j) {
        y[2 * j - 1] = f[j].real() * pair;
        y[2 * j] = f[j].imag() * pair;
    }
    if (n % 2 == 0 && n >= 2) y[n - 1] = f[n / 2].real() * unit;
    return y;
}

std::vector<double> fromRealFourierCoordinates(const std::vector<double>& y) {
    const std::size_t n = y.size();
    std::vector<Complex> f(n, Complex(0.0, 0.0));
    if (n == 0) return {};
    const double half = 1.0 / std::sqrt(2.0);
    f[0] = y[0];
    const std::size_t pairs = (n - 1) / 2;
    for (std::size_t j = 1; j <= pairs; ++j) {
        f[j] = Complex(y[2 * j - 1], y[2 * j]) * half;
        f[n - j] = std::conj(f[j]);
    }
    if (n % 2 == 0 && n >= 2) f[n / 2] = y[n - 1];
    const std::vector<Complex> x = discreteFourier(std::move(f), true);
    std::vector<double> out(n);
    const double unit = 1.0 / std::sqrt(double(n));
    for (std::size_t t = 0; t < n; ++t) out[t] = x[t].real() * unit;
    return out;
}

}  // namespace veil::dp::detail
