// RandomSource: the one interface through which core draws randomness.
// SecureRandom is for releases: a ChaCha20 generator keyed from the OS CSPRNG (libsodium's
// randombytes_buf, i.e. getrandom), re-keyed with fast key erasure. SeededRandom is for tests and
// demos only: the same generator keyed from a user seed, so results repeat; isSecure() is false
// and every release made with it must say so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace veil {

// Lemire's unbiased uniform integer on [0, bound), bound > 0, from any source of 64-bit words
// (`words.nextU64()`): RandomSource::uniformBelow and the samplers' word buffers share it.
// Lemire, "Fast random integer generation in an interval", ACM TOMACS 2019.
template <typename Words>
inline std::uint64_t lemireBelow(Words& words, std::uint64_t bound) {
    std::uint64_t x = words.nextU64();
    unsigned __int128 m = static_cast<unsigned __int128>(x) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
        const std::uint64_t threshold = -bound % bound;
        while (low < threshold) {
            x = words.nextU64();
            m = static_cast<unsigned __int128>(x) * bound;
            low = static_cast<std::uint64_t>(m);
        }
    }
    return static_cast<std::uint64_t>(m >> 64);
}

class RandomSource {
public:
    virtual ~RandomSource() = default;

    virtual void fill(std::span<std::uint8_t> out) = 0;
    virtual std::uint64_t nextU64() = 0;
    virtual bool isSecure() const = 0;
    virtual std::string description() const = 0;  // "secure (OS CSPRNG)" or "seeded (seed 42) - not for releases"

    // Uniform integer in [0, bound) without modulo bias (Lemire's method). bound > 0.
    std::uint64_t uniformBelow(std::uint64_t bound);
    // Uniform double in [0, 1) with 53 random bits (exact multiples of 2^-53).
    double uniform01();
    // One fair random bit.
    bool bit();
};

class ChaChaStream;  // detail

class SecureRandom final : public RandomSource {
public:
    SecureRandom();
    ~SecureRandom() override;
    void fill(std::span<std::uint8_t> out) override;
    std::uint64_t nextU64() override;
    bool isSecure() const override { return true; }
    std::string description() const override;

private:
    std::unique_ptr<ChaChaStream> m_stream;
};

class SeededRandom final : public RandomSource {
public:
    explicit SeededRandom(std::uint64_t seed);
    ~SeededRandom() override;
    void fill(std::span<std::uint8_t> out) override;
    std::uint64_t nextU64() override;
    bool isSecure() const override { return false; }
    std::string description() const override;
    std::uint64_t seed() const { return m_seed; }

    // An independent stream derived from this seed and an index (for parallel trials whose
    // results must not depend on the number of threads).
    static std::uint64_t deriveSeed(std::uint64_t seed, std::uint64_t index);

private:
    std::uint64_t m_seed;
    std::unique_ptr<ChaChaStream> m_stream;
};

// Factory used by the CLI and UI: seeded when a seed is given, secure otherwise.
std::unique_ptr<RandomSource> makeRandomSource(const std::uint64_t* seedOrNull);

}  // namespace veil
