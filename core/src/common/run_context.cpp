#include "veil/common/run_context.h"

#include <algorithm>

namespace veil {

ProgressReporter::ProgressReporter(const RunContext& ctx, std::string message, long long total, double from, double to,
                                   int maxReports)
    : m_ctx(ctx),
      m_message(std::move(message)),
      m_total(std::max(1LL, total)),
      m_from(from),
      m_to(to),
      m_stride(std::max(1LL, m_total / std::max(1, maxReports))),
      m_next(0) {
    m_ctx.report(m_from, m_message);
}

bool ProgressReporter::step(long long done) {
    if (done < m_next) return true;
    m_next = done + m_stride;
    if (m_ctx.cancelled()) return false;
    const double f = m_from + (m_to - m_from) * std::min(1.0, double(done) / double(m_total));
    m_ctx.report(f, m_message);
    return true;
}

void ProgressReporter::finish() { m_ctx.report(m_to, m_message); }

}  // namespace veil
