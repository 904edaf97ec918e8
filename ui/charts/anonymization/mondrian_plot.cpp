#include "charts/anonymization/mondrian_plot.h"

#include "charts/chart_zoom.h"
#include "charts/nice_scale.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace veil::ui {

MondrianPlot::MondrianPlot(QWidget* parent) : QWidget(parent) {
    setMinimumSize(480, 360);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, Qt::white);
    setPalette(p);
}

void MondrianPlot::setData(MondrianPlotData data) {
    m_data = std::move(data);
    m_minSize = SIZE_MAX;
    m_maxSize = 1;
    for (const auto& b : m_data.boxes) {
        m_minSize = std::min(m_minSize, b.size);
        m_maxSize = std::max(m_maxSize, b.size);
    }
    if (m_minSize == SIZE_MAX) m_minSize = 1;
    update();
}

QColor MondrianPlot::sizeColor(std::size_t size, std::size_t minSize, std::size_t maxSize) {
    // Log scale from pale yellow (smallest) to deep blue (largest).
    const double lo = std::log(double(std::max<std::size_t>(minSize, 1)));
    const double hi = std::log(double(std::max<std::size_t>(maxSize, 1)));
    const double t =
        hi > lo ? std::clamp((std::log(double(std::max<std::size_t>(size, 1))) - lo) / (hi - lo), 0.0, 1.0) : 0.5;
    auto mix = [t](int from, int to) { return int(std::lround(from + t * (to - from))); };
    return QColor(mix(255, 37), mix(237, 52), mix(160, 148), 140);
}

void MondrianPlot::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = p.font();
    font.setPointSizeF(std::max(chart_zoom::points(10), font.pointSizeF()));
    p.setFont(font);
    const QFontMetrics fm(font);
    const bool yCategorical = !m_data.y.categories.isEmpty();
    int leftMargin = 70;
    if (yCategorical)
        for (const QString& c : m_data.y.categories) leftMargin = std::max(leftMargin, fm.horizontalAdvance(c) + 40);
    leftMargin = std::min(leftMargin, width() / 3);
    const QRect plot(leftMargin, 40, width() - leftMargin - 120, height() - 40 - 70);
    if (plot.width() < 50 || plot.height() < 50) return;

    QFont titleFont = font;
    titleFont.setBold(true);
    titleFont.setPointSizeF(font.pointSizeF() * 1.2);
    p.setFont(titleFont);
    p.drawText(QRect(0, 4, width(), 30), Qt::AlignCenter,
               tr("Mondrian partitions (%1) — %2 × %3").arg(m_data.boxes.size()).arg(m_data.x.title, m_data.y.title));
    p.setFont(font);

    auto mapX = [&](double v) {
        return plot.left() + (v - m_data.x.min) / (m_data.x.max - m_data.x.min) * plot.width();
    };
    auto mapY = [&](double v) {
        return plot.bottom() - (v - m_data.y.min) / (m_data.y.max - m_data.y.min) * plot.height();
    };
    p.setClipRect(plot);
    for (const auto& box : m_data.boxes) {
        QRectF r(QPointF(mapX(box.rect.left()), mapY(box.rect.bottom())),
                 QPointF(mapX(box.rect.right()), mapY(box.rect.top())));
        r = r.normalized();
        if (r.width() < 2) r.adjust(-1, 0, 1, 0);
        if (r.height() < 2) r.adjust(0, -1, 0, 1);
        p.setBrush(sizeColor(box.size, m_minSize, m_maxSize));
        p.setPen(QPen(QColor(40, 40, 40), 1.0));
        p.drawRect(r);
    }
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(20, 20, 20, 90));
    for (const QPointF& pt : m_data.points) p.drawEllipse(QPointF(mapX(pt.x()), mapY(pt.y())), 1.6, 1.6);
    p.setClipping(false);

    // Axes, ticks and titles.
    p.setPen(QPen(Qt::black, 1.2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);
    auto drawXTick = [&](double v, const QString& text) {
        const double x = mapX(v);
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 5));
        p.drawText(QRectF(x - 60, plot.bottom() + 6, 120, fm.height()), Qt::AlignHCenter | Qt::AlignTop, text);
    };
    auto drawYTick = [&](double v, const QString& text) {
        const double y = mapY(v);
        p.drawLine(QPointF(plot.left() - 5, y), QPointF(plot.left(), y));
        p.drawText(QRectF(0, y - fm.height() / 2.0, plot.left() - 8, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   text);
    };
    if (m_data.x.categories.isEmpty()) {
        for (double t : niceTicks(m_data.x.min, m_data.x.max, 8)) drawXTick(t, QString::number(t));
    } else {
        const int step = std::max(1, int(m_data.x.categories.size() * 70 / std::max(1, plot.width())) + 1);
        for (int i = 0; i < m_data.x.categories.size(); i += step)
            drawXTick(i, fm.elidedText(m_data.x.categories[i], Qt::ElideRight, 110));
    }
    if (!yCategorical) {
        for (double t : niceTicks(m_data.y.min, m_data.y.max, 8)) drawYTick(t, QString::number(t));
    } else {
        const int step =
            std::max(1, int(m_data.y.categories.size() * (fm.height() + 2) / std::max(1, plot.height())) + 1);
        for (int i = 0; i < m_data.y.categories.size(); i += step) drawYTick(i, m_data.y.categories[i]);
    }
    QFont axisFont = font;
    axisFont.setBold(true);
    p.setFont(axisFont);
    p.drawText(QRect(plot.left(), plot.bottom() + fm.height() + 14, plot.width(), fm.height() + 6), Qt::AlignCenter,
               m_data.x.title);
    p.save();
    p.translate(14, plot.center().y());
    p.rotate(-90);
    p.drawText(QRect(-plot.height() / 2, -8, plot.height(), fm.height() + 6), Qt::AlignCenter, m_data.y.title);
    p.restore();

    // Colour bar: partition size.
    const QRect bar(plot.right() + 30, plot.top() + 24, 22, plot.height() - 48);
    p.drawText(QRect(plot.right() + 8, plot.top() - 2, 112, fm.height() + 4), Qt::AlignLeft, tr("Records"));
    p.setFont(font);
    for (int i = 0; i < bar.height(); ++i) {
        const double t = 1.0 - double(i) / bar.height();
        const double size =
            std::exp(std::log(double(m_minSize)) + t * (std::log(double(m_maxSize)) - std::log(double(m_minSize))));
        QColor c = sizeColor(std::size_t(std::llround(size)), m_minSize, m_maxSize);
        c.setAlpha(255);
        p.setPen(c);
        p.drawLine(bar.left(), bar.top() + i, bar.right(), bar.top() + i);
    }
    p.setPen(Qt::black);
    p.drawRect(bar);
    p.drawText(QRect(bar.right() + 4, bar.top() - fm.height() / 2, 60, fm.height()), Qt::AlignLeft,
               QString::number(m_maxSize));
    p.drawText(QRect(bar.right() + 4, bar.bottom() - fm.height() / 2, 60, fm.height()), Qt::AlignLeft,
               QString::number(m_minSize));
}

}  // namespace veil::ui
