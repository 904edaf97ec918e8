// Roll-up of class statistics from a less generalized node: Kohlmayer et al., "Highly efficient
// optimal k-anonymity for biomedical datasets" (CBMS 2012), extended to sensitive histograms.
#include "anonymity/detail/class_histograms.h"

#include <bit>

namespace veil::anonymity::detail {

ClassHistograms::ClassHistograms(std::size_t codes) : m_codes(codes) {}

ClassHistograms ClassHistograms::ofGroups(std::size_t codes, const std::vector<std::uint32_t>& code,
                                          const std::vector<std::uint32_t>& size) {
    ClassHistograms h(codes);
    h.m_code = code;
    h.m_count = size;
    h.m_offsets.resize(code.size() + 1);
    for (std::size_t g = 0; g <= code.size(); ++g) h.m_offsets[g] = std::uint32_t(g);
    return h;
}

void ClassHistograms::rollUp(const ClassHistograms& from, const std::uint32_t* target, std::size_t classes,
                             HistogramScratch& scratch) {
    m_codes = from.m_codes;
    m_offsets.resize(classes + 1);
    m_code.clear();
    m_count.clear();
    if (m_codes <= kDenseCodes && classes * m_codes <= kDenseCells)
        rollUpDense(from, target, classes, scratch);
    else
        rollUpBucketed(from, target, classes, scratch);
    m_offsets[classes] = std::uint32_t(m_code.size());
}

// Every source entry added into its class's row of counters, the codes present in a class
// marked in a 64-bit mask; each row is then read through its mask and left zero for the next call.
void ClassHistograms::rollUpDense(const ClassHistograms& from, const std::uint32_t* target, std::size_t classes,
                                  HistogramScratch& s) {
    const std::size_t m = m_codes;
    if (s.rows.size() < classes * m) s.rows.resize(classes * m, 0);
    s.masks.assign(classes, 0);
    std::uint32_t* rows = s.rows.data();
    std::uint64_t* masks = s.masks.data();
    const std::uint32_t* offsets = from.m_offsets.data();
    const std::uint32_t* code = from.m_code.data();
    const std::uint32_t* count = from.m_count.data();
    const std::size_t sources = from.classCount();
    for (std::size_t i = 0; i < sources; ++i) {
        const std::uint32_t t = target[i];
        std::uint32_t* row = rows + std::size_t(t) * m;
        std::uint64_t mask = 0;
        for (std::uint32_t e = offsets[i], end = offsets[i + 1]; e < end; ++e) {
            const std::uint32_t v = code[e], k = count[e];  // read before the store (no aliasing reloads)
            row[v] += k;
            mask |= std::uint64_t(1) << v;
        }
        masks[t] |= mask;
    }
    // At most one entry per source entry; written to scratch that only grows (no clearing per call).
    if (s.codes.size() < from.m_code.size()) {
        s.codes.resize(from.m_code.size());
        s.counts.resize(from.m_code.size());
    }
    std::uint32_t* outCode = s.codes.data();
    std::uint32_t* outCount = s.counts.data();
    std::size_t n = 0;
    for (std::size_t c = 0; c < classes; ++c) {
        m_offsets[c] = std::uint32_t(n);
        std::uint32_t* row = rows + c * m;
        for (std::uint64_t bits = masks[c]; bits; bits &= bits - 1) {
            const auto v = std::size_t(std::countr_zero(bits));
            outCode[n] = std::uint32_t(v);
            outCount[n++] = row[v];
            row[v] = 0;
        }
    }
    m_code.assign(outCode, outCode + n);
    m_count.assign(outCount, outCount + n);
}

// Sources bucketed by class (counting sort), then each class's counts gathered in one dense
// scratch row that is cleared through the list of codes it touched.
void ClassHistograms::rollUpBucketed(const ClassHistograms& from, const std::uint32_t* target, std::size_t classes,
                                     HistogramScratch& s) {
    const std::size_t sources = from.classCount();
    s.start.assign(classes + 1, 0);
    for (std::size_t i = 0; i < sources; ++i) ++s.start[target[i] + 1];
    for (std::size_t c = 0; c < classes; ++c) s.start[c + 1] += s.start[c];
    s.order.resize(sources);
    for (std::size_t i = 0; i < sources; ++i) s.order[s.start[target[i]]++] = std::uint32_t(i);
    // start[c] is now the end of bucket c, i.e. the beginning of bucket c + 1.
    if (s.dense.size() < m_codes) s.dense.assign(m_codes, 0);
    const std::uint32_t* offsets = from.m_offsets.data();
    const std::uint32_t* code = from.m_code.data();
    const std::uint32_t* count = from.m_count.data();
    std::uint32_t* dense = s.dense.data();
    std::uint32_t begin = 0;
    for (std::size_t c = 0; c < classes; ++c) {
        m_offsets[c] = std::uint32_t(m_code.size());
        s.touched.clear();
        for (std::uint32_t k = begin; k < s.start[c]; ++k) {
            const std::uint32_t i = s.order[k];
            for (std::uint32_t e = offsets[i]; e < offsets[i + 1]; ++e) {
                if (dense[code[e]] == 0) s.touched.push_back(code[e]);
                dense[code[e]] += count[e];
            }
        }
        begin = s.start[c];
        for (auto v : s.touched) {
            m_code.push_back(v);
            m_count.push_back(dense[v]);
            dense[v] = 0;
        }
    }
}

}  // namespace veil::anonymity::detail
