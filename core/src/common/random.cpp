#include "veil/common/random.h"

#include <sodium.h>

#include <array>
#include <cstring>
#include <mutex>
#include <stdexcept>

namespace veil {

// ChaCha20 keystream generator with fast key erasure (Bernstein, "Fast-key-erasure random-number
// generators", 2017): each refill produces a block of keystream whose first 32 bytes become the
// next key and are then erased from the output buffer.
class ChaChaStream {
public:
    explicit ChaChaStream(const std::array<std::uint8_t, 32>& key) : m_key(key) { refill(); }
    ~ChaChaStream() {
        sodium_memzero(m_buffer.data(), m_buffer.size());
        sodium_memzero(m_key.data(), m_key.size());
    }

    void fill(std::uint8_t* out, std::size_t n) {
        while (n > 0) {
            if (m_pos == m_buffer.size()) refill();
            const std::size_t take = std::min(n, m_buffer.size() - m_pos);
            std::memcpy(out, m_buffer.data() + m_pos, take);
            sodium_memzero(m_buffer.data() + m_pos, take);
            m_pos += take;
            out += take;
            n -= take;
        }
    }
    std::uint64_t next() {
        if (m_buffer.size() - m_pos < 8) refill();
        std::uint64_t v;
        std::memcpy(&v, m_buffer.data() + m_pos, 8);
        m_pos += 8;
        return v;
    }

private:
    void refill() {
        static const std::array<std::uint8_t, crypto_stream_chacha20_NONCEBYTES> nonce{};
        crypto_stream_chacha20(m_buffer.data(), m_buffer.size(), nonce.data(), m_key.data());
        std::memcpy(m_key.data(), m_buffer.data(), 32);
        sodium_memzero(m_buffer.data(), 32);
        m_pos = 32;
    }
    std::array<std::uint8_t, 32> m_key;
    std::array<std::uint8_t, 4096> m_buffer{};
    std::size_t m_pos = 0;
};

namespace {
void ensureSodium() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
    });
}

std::array<std::uint8_t, 32> keyFromSeed(std::uint64_t seed) {
    std::array<std::uint8_t, 32> key{};
    std::uint8_t in[8];
    for (int i = 0; i < 8; ++i) in[i] = std::uint8_t(seed >> (8 * i));
    ensureSodium();
    crypto_generichash(key.data(), key.size(), in, sizeof in, nullptr, 0);
    return key;
}
}  // namespace

std::uint64_t RandomSource::uniformBelow(std::uint64_t bound) { return bound == 0 ? 0 : lemireBelow(*this, bound); }

double RandomSource::uniform01() { return double(nextU64() >> 11) * 0x1.0p-53; }

bool RandomSource::bit() { return (nextU64() & 1U) != 0; }

SecureRandom::SecureRandom() {
    ensureSodium();
    std::array<std::uint8_t, 32> key{};
    randombytes_buf(key.data(), key.size());
    m_stream = std::make_unique<ChaChaStream>(key);
    sodium_memzero(key.data(), key.size());
}
SecureRandom::~SecureRandom() = default;
void SecureRandom::fill(std::span<std::uint8_t> out) { m_stream->fill(out.data(), out.size()); }
std::uint64_t SecureRandom::nextU64() { return m_stream->next(); }
std::string SecureRandom::description() const { return "secure (ChaCha20 keyed from the OS CSPRNG)"; }

SeededRandom::SeededRandom(std::uint64_t seed)
    : m_seed(seed), m_stream(std::make_unique<ChaChaStream>(keyFromSeed(seed))) {}
SeededRandom::~SeededRandom() = default;
void SeededRandom::fill(std::span<std::uint8_t> out) { m_stream->fill(out.data(), out.size()); }
std::uint64_t SeededRandom::nextU64() { return m_stream->next(); }
std::string SeededRandom::description() const {
    return "seeded (seed " + std::to_string(m_seed) + ") - reproducible, for tests and demos only, not for releases";
}

std::uint64_t SeededRandom::deriveSeed(std::uint64_t seed, std::uint64_t index) {
    // SplitMix64 finaliser over (seed, index): distinct, well-mixed seeds for sub-streams.
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::unique_ptr<RandomSource> makeRandomSource(const std::uint64_t* seedOrNull) {
    if (seedOrNull) return std::make_unique<SeededRandom>(*seedOrNull);
    return std::make_unique<SecureRandom>();
}

}  // namespace veil
