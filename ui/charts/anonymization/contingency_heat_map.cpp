#include "charts/anonymization/contingency_heat_map.h"

#include "veil/anonymity/utility_analysis.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace veil::ui {

namespace {

constexpr int kMargin = 6;
constexpr int kMaxRowLabel = 140;     // px: longer value labels are elided (the tooltip has them whole)
constexpr int kMaxColumnLabel = 110;  // px, written upwards
const QColor kLow(247, 251, 255), kHigh(8, 48, 107);

QColor shade(double t) {
    auto mix = [t](int a, int b) { return int(a + (b - a) * t + 0.5); };
    return QColor(mix(kLow.red(), kHigh.red()), mix(kLow.green(), kHigh.green()), mix(kLow.blue(), kHigh.blue()));
}

// A cell's share of the records, in percent: whole from 10 up, one decimal below, "<0.1%" when rare.
QString shareText(double percent) {
    if (percent < 0.05) return QStringLiteral("<0.1%");
    return QString::number(percent, 'f', percent >= 9.95 ? 0 : 1) + QLatin1Char('%');
}

}  // namespace

ContingencyGrid ContingencyGrid::fromTable(const anonymity::ContingencyTable& table, const QString& title) {
    ContingencyGrid grid;
    grid.title = title;
    for (const auto& r : table.rows) grid.rows << QString::fromStdString(r);
    for (const auto& c : table.columns) grid.columns << QString::fromStdString(c);
    grid.counts.assign(table.counts.begin(), table.counts.end());
    grid.total = double(table.total);
    return grid;
}

ContingencyHeatMap::ContingencyHeatMap(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void ContingencyHeatMap::setGrid(ContingencyGrid grid) {
    m_grid = std::move(grid);
    m_max = m_grid.counts.empty() ? 0 : *std::max_element(m_grid.counts.begin(), m_grid.counts.end());
    updateGeometry();
    update();
}

// As high as the rows need at the largest cell height (the title and the upward column labels above).
QSize ContingencyHeatMap::sizeHint() const {
    const QFontMetrics fm(font());
    int labels = 0;
    for (const QString& c : m_grid.columns) labels = std::max(labels, fm.horizontalAdvance(c));
    const int rows = std::max(2, int(m_grid.rows.size()));
    return {460, 3 * kMargin + fm.height() + 4 + std::min(labels, kMaxColumnLabel) + 8 + rows * 2 * fm.height()};
}
QSize ContingencyHeatMap::minimumSizeHint() const { return {260, 220}; }

ContingencyHeatMap::Layout ContingencyHeatMap::layoutNow() const {
    const QFontMetrics fm(font());
    Layout l;
    l.title = QRect(kMargin, kMargin, width() - 2 * kMargin, fm.height() + 4);
    for (const QString& r : m_grid.rows) l.rowLabelWidth = std::max(l.rowLabelWidth, fm.horizontalAdvance(r));
    for (const QString& c : m_grid.columns)
        l.columnLabelHeight = std::max(l.columnLabelHeight, fm.horizontalAdvance(c));
    l.rowLabelWidth = std::min(l.rowLabelWidth, kMaxRowLabel) + 8;
    l.columnLabelHeight = std::min(l.columnLabelHeight, kMaxColumnLabel) + 8;
    const int left = kMargin + l.rowLabelWidth, top = l.title.bottom() + 4 + l.columnLabelHeight;
    l.cells = QRect(left, top, std::max(0, width() - left - kMargin), std::max(0, height() - top - kMargin));
    if (!m_grid.isEmpty()) {
        // Cells no larger than needed to read them, so that a few values do not make huge bars.
        const double widest = std::max(fm.horizontalAdvance(QStringLiteral("<0.1%")) + 16, 4 * fm.height());
        l.cellWidth = std::min(double(l.cells.width()) / double(m_grid.columns.size()), widest);
        l.cellHeight = std::min(double(l.cells.height()) / double(m_grid.rows.size()), 2.0 * fm.height());
    }
    return l;
}

void ContingencyHeatMap::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::TextAntialiasing);
    const Layout l = layoutNow();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(l.title, Qt::AlignLeft | Qt::AlignVCenter, m_grid.title);
    p.setFont(font());
    if (m_grid.isEmpty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No table"));
        return;
    }
    const QFontMetrics fm(font());
    for (int r = 0; r < m_grid.rows.size(); ++r) {
        const QRectF label(kMargin, l.cells.top() + r * l.cellHeight, l.rowLabelWidth - 6, l.cellHeight);
        p.drawText(label, Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(m_grid.rows[r], Qt::ElideRight, l.rowLabelWidth - 6));
    }
    for (int c = 0; c < m_grid.columns.size(); ++c) {
        p.save();
        p.translate(l.cells.left() + (c + 0.5) * l.cellWidth, l.cells.top() - 4);
        p.rotate(-90);
        const QString text = fm.elidedText(m_grid.columns[c], Qt::ElideRight, l.columnLabelHeight - 6);
        p.drawText(QRectF(0, -fm.height() / 2.0, l.columnLabelHeight, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   text);
        p.restore();
    }
    QFont small = font();  // the cells' shares a point smaller than the labels, to fit narrow cells
    if (small.pointSizeF() > 7) small.setPointSizeF(small.pointSizeF() - 1);
    p.setFont(small);
    const QFontMetrics sfm(small);
    for (int r = 0; r < m_grid.rows.size(); ++r)
        for (int c = 0; c < m_grid.columns.size(); ++c) {
            const QRectF cell(l.cells.left() + c * l.cellWidth, l.cells.top() + r * l.cellHeight, l.cellWidth,
                              l.cellHeight);
            const double n = m_grid.count(r, c), t = m_max > 0 ? n / m_max : 0.0;
            p.fillRect(cell, shade(t));
            p.setPen(QColor(200, 200, 200));
            p.drawRect(cell);
            const QString text = n > 0 ? shareText(100.0 * n / m_grid.total) : QString();
            if (!text.isEmpty() && sfm.horizontalAdvance(text) + 4 <= l.cellWidth && sfm.height() <= l.cellHeight) {
                p.setPen(t > 0.55 ? Qt::white : Qt::black);
                p.drawText(cell, Qt::AlignCenter, text);
            }
        }
}

std::pair<int, int> ContingencyHeatMap::cellAt(const QPoint& pos) const {
    const Layout l = layoutNow();
    if (m_grid.isEmpty() || l.cellWidth <= 0 || l.cellHeight <= 0 || pos.x() < l.cells.left() ||
        pos.y() < l.cells.top())
        return {-1, -1};
    const int c = int((pos.x() - l.cells.left()) / l.cellWidth), r = int((pos.y() - l.cells.top()) / l.cellHeight);
    if (r >= m_grid.rows.size() || c >= m_grid.columns.size()) return {-1, -1};
    return {r, c};
}

bool ContingencyHeatMap::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* help = static_cast<QHelpEvent*>(e);
    const auto [r, c] = cellAt(help->pos());
    if (r < 0) {
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    const double n = m_grid.count(r, c);
    QToolTip::showText(help->globalPos(),
                       tr("%1 × %2: %3 records (%4% of %5)")
                           .arg(m_grid.rows[r], m_grid.columns[c])
                           .arg(n, 0, 'f', 0)
                           .arg(100.0 * n / std::max(1.0, m_grid.total), 0, 'f', 2)
                           .arg(m_grid.total, 0, 'f', 0),
                       this);
    return true;
}

}  // namespace veil::ui
