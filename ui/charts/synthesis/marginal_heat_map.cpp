#include "charts/synthesis/marginal_heat_map.h"

#include <QPainter>

#include <algorithm>

namespace veil::ui {

namespace {
// White to dark blue (sequential, colour-blind safe).
QColor shade(double t) {
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(float(1.0 - 0.95 * t), float(1.0 - 0.6 * t), float(1.0 - 0.25 * t));
}
QString elide(const QString& s, int n) { return s.size() > n ? s.left(n - 1) + QChar(0x2026) : s; }
}  // namespace

MarginalHeatMap::MarginalHeatMap(QWidget* parent) : QWidget(parent) { setMinimumSize(320, 220); }

void MarginalHeatMap::setMarginals(const QString& title, const QStringList& rowLabels, const QStringList& columnLabels,
                                   const std::vector<double>& real, const std::vector<double>& synthetic) {
    m_title = title;
    m_rows = rowLabels;
    m_columns = columnLabels;
    m_real = real;
    m_synthetic = synthetic;
    update();
}

void MarginalHeatMap::clear() {
    m_title.clear();
    m_real.clear();
    m_synthetic.clear();
    update();
}

void MarginalHeatMap::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(0, 4, width(), 20), Qt::AlignCenter, m_title.isEmpty() ? tr("2-way marginal") : m_title);
    p.setFont(font());
    if (m_synthetic.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("Run to see the 2-way marginal of a pair of columns"));
        return;
    }
    double maxShare = 1e-9;
    for (double v : m_real) maxShare = std::max(maxShare, v);
    for (double v : m_synthetic) maxShare = std::max(maxShare, v);
    const QRectF body(0, 28, width(), height() - 28);
    if (m_real.empty()) {
        paintMap(p, body, m_synthetic, tr("Synthetic (released)"), maxShare);
    } else {
        const double half = body.width() / 2.0;
        paintMap(p, QRectF(body.left(), body.top(), half, body.height()), m_real, tr("Real (evaluation, not released)"),
                 maxShare);
        paintMap(p, QRectF(body.left() + half, body.top(), half, body.height()), m_synthetic,
                 tr("Synthetic (released)"), maxShare);
    }
}

void MarginalHeatMap::paintMap(QPainter& p, const QRectF& area, const std::vector<double>& shares,
                               const QString& caption, double maxShare) const {
    const int nr = int(std::max<qsizetype>(1, m_rows.size())), nc = int(std::max<qsizetype>(1, m_columns.size()));
    const QRectF grid(area.left() + 96, area.top() + 20, area.width() - 108, area.height() - 110);
    p.drawText(QRectF(area.left(), area.top(), area.width(), 18), Qt::AlignCenter, caption);
    const double cw = grid.width() / nc, ch = grid.height() / nr;
    QFont small = p.font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() - 1.5));
    p.setFont(small);
    for (int r = 0; r < nr; ++r) {
        for (int c = 0; c < nc; ++c) {
            const std::size_t i = std::size_t(r) * std::size_t(nc) + std::size_t(c);
            const double v = i < shares.size() ? shares[i] : 0.0;
            const QRectF cell(grid.left() + c * cw, grid.top() + r * ch, cw, ch);
            p.fillRect(cell, shade(v / maxShare));
            p.setPen(QColor(200, 200, 200));
            p.drawRect(cell);
        }
        p.setPen(Qt::black);
        p.drawText(QRectF(area.left(), grid.top() + r * ch, 92, ch), Qt::AlignRight | Qt::AlignVCenter,
                   elide(r < m_rows.size() ? m_rows[r] : QString(), 14));
    }
    for (int c = 0; c < nc; ++c) {
        p.save();
        p.translate(grid.left() + (c + 0.5) * cw, grid.bottom() + 4);
        p.rotate(45);
        p.drawText(QRectF(0, -6, 110, 12), Qt::AlignLeft | Qt::AlignVCenter,
                   elide(c < m_columns.size() ? m_columns[c] : QString(), 14));
        p.restore();
    }
    p.setFont(font());
}

}  // namespace veil::ui
