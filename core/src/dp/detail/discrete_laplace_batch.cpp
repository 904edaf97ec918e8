#include "dp/detail/discrete_laplace_batch.h"

#include "dp/detail/neg_log_words.h"

#include <string.h>  // explicit_bzero

namespace veil::dp::detail {

DiscreteLaplaceBatch::DiscreteLaplaceBatch(RandomSource& rng, const DiscreteLaplaceScale& scale)
    : m_rng(rng), m_scale(scale), m_moreWords(rng), m_more(m_moreWords) {}

DiscreteLaplaceBatch::~DiscreteLaplaceBatch() {
    explicit_bzero(m_words.data(), sizeof m_words);
    explicit_bzero(m_floors.data(), sizeof m_floors);
}

void DiscreteLaplaceBatch::draw(std::span<std::int64_t> out) {
    if (m_scale.isSmall() || !m_scale.compactBits()) {  // few bits per draw already, or no room for B's
        for (std::int64_t& value : out) value = m_scale.sample(m_more);
        return;
    }
    const std::size_t n = std::min(out.size(), kSize);
    m_rng.fill(std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(m_words.data()), n * sizeof(std::uint64_t)));
    const GeometricScale& high = m_scale.highScale();
    inversionFloors(m_words.data(), n, high.t, high.errorAtLargeWords, m_floors.data());
    for (std::size_t i = 0; i < n; ++i) out[i] = m_scale.sampleFromWord(m_more, m_words[i], m_floors[i]);
}

}  // namespace veil::dp::detail
