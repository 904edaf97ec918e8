// Discrete Laplace draws for a block of values, a batch at a time: 64 random bits per draw, the
// batch's in one call to the source, and the inversions from their first 32 bits computed together
// (inversionFloors, vectorised); each draw then has exactly DiscreteLaplaceScale::sample's law
// (sampleFromWord), with whatever its 64 bits leave open drawn from a bit buffer.
#pragma once

#include "dp/detail/exact_bernoulli.h"
#include "dp/detail/exact_geometric.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace veil::dp::detail {

class DiscreteLaplaceBatch {
public:
    static constexpr std::size_t kSize = 256;  // draws per batch

    DiscreteLaplaceBatch(RandomSource& rng, const DiscreteLaplaceScale& scale);
    ~DiscreteLaplaceBatch();  // wipes the words and estimates
    DiscreteLaplaceBatch(const DiscreteLaplaceBatch&) = delete;
    DiscreteLaplaceBatch& operator=(const DiscreteLaplaceBatch&) = delete;

    // Independent draws into out (at most kSize of them).
    void draw(std::span<std::int64_t> out);

private:
    RandomSource& m_rng;
    const DiscreteLaplaceScale& m_scale;
    WordCache m_moreWords;
    BasicBitBuffer<WordCache> m_more;
    // Written before they are read, wiped on destruction (not zeroed first: a block of a Privelet2D
    // release makes one batch, 81 on a 256 x 256 grid).
    std::array<std::uint64_t, kSize> m_words;  // 64 random bits per draw (sampleFromWord)
    std::array<double, kSize> m_floors;        // A from U's first 32 digits, or NaN (inversionFloors)
};

}  // namespace veil::dp::detail
