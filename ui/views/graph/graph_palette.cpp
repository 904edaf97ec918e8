#include "views/graph/graph_palette.h"

#include "charts/dp_chart_style.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace veil::ui::graph_palette {
namespace {
// Okabe & Ito, "Color Universal Design" (2008), then Paul Tol's muted scheme for labels 8-12.
constexpr std::array<QRgb, 12> kColors = {0xff0072b2, 0xffe69f00, 0xff009e73, 0xffcc79a7, 0xff56b4e9, 0xfff0e442,
                                          0xffd55e00, 0xff882255, 0xff44aa99, 0xff999933, 0xff332288, 0xffaa4499};
// High contrast: the same hues darkened to at least 4.5:1 on white (dp_chart's high-contrast
// series first, then darkened Tol colours).
constexpr std::array<QRgb, 12> kHighColors = {0xff003f9e, 0xff9c4500, 0xff00632e, 0xff6a1b9a, 0xff225555, 0xff5c5c00,
                                              0xffb3001b, 0xff882255, 0xff00506b, 0xff7a3b00, 0xff332288, 0xff4b0082};
bool high() { return dp_chart::highContrast(); }
}  // namespace

QColor labelColor(int label) {
    if (label < 0) return high() ? QColor(0x59, 0x59, 0x59) : QColor(0xb0, 0xb0, 0xb0);
    const auto& colours = high() ? kHighColors : kColors;
    return QColor::fromRgb(colours[std::size_t(label) % colours.size()]);
}

QColor textColorOn(int label) {
    const QColor c = labelColor(label);
    return c.lightnessF() > 0.55f ? QColor(Qt::black) : QColor(Qt::white);
}

QColor edgeColor(std::size_t edges) {
    // Alpha 150 up to 1,000 edges, then falling as 1/sqrt(edges) (the ink of an area grows with the
    // edges crossing it), never below 24.
    const double alpha = edges <= 1000 ? 150.0 : std::max(24.0, 150.0 * std::sqrt(1000.0 / double(edges)));
    if (high()) return QColor(0x30, 0x30, 0x30, int(std::min(255.0, alpha * 1.6)));
    return QColor(0x80, 0x80, 0x80, int(alpha));
}
QColor removedEdgeColor(std::size_t removed) {
    const double alpha = removed <= 200 ? 255.0 : std::max(40.0, 255.0 * std::sqrt(200.0 / double(removed)));
    return QColor(0, 0, 0, int(alpha));
}
QColor highlightOutline() { return high() ? QColor(0xb3, 0x00, 0x1b) : QColor(0xd0, 0x00, 0x00); }
QColor nodeOutline() { return high() ? QColor(Qt::black) : QColor(40, 40, 40); }

}  // namespace veil::ui::graph_palette
