#include "views/graph/graph_palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace veil::ui::graph_palette {
namespace {
// Okabe & Ito, "Color Universal Design" (2008), then Paul Tol's muted scheme for labels 8-12.
constexpr std::array<QRgb, 12> kColors = {0xff0072b2, 0xffe69f00, 0xff009e73, 0xffcc79a7, 0xff56b4e9, 0xfff0e442,
                                          0xffd55e00, 0xff882255, 0xff44aa99, 0xff999933, 0xff332288, 0xffaa4499};
}  // namespace

QColor labelColor(int label) {
    if (label < 0) return QColor(0xb0, 0xb0, 0xb0);
    return QColor::fromRgb(kColors[std::size_t(label) % kColors.size()]);
}

QColor textColorOn(int label) {
    const QColor c = labelColor(label);
    return c.lightnessF() > 0.55f ? QColor(Qt::black) : QColor(Qt::white);
}

QColor edgeColor(std::size_t edges) {
    // Alpha 150 up to 1,000 edges, then falling as 1/sqrt(edges) (the ink of an area grows with the
    // edges crossing it), never below 24.
    const double alpha = edges <= 1000 ? 150.0 : std::max(24.0, 150.0 * std::sqrt(1000.0 / double(edges)));
    return QColor(0x80, 0x80, 0x80, int(alpha));
}
QColor removedEdgeColor(std::size_t removed) {
    const double alpha = removed <= 200 ? 255.0 : std::max(40.0, 255.0 * std::sqrt(200.0 / double(removed)));
    return QColor(0, 0, 0, int(alpha));
}
QColor highlightOutline() { return QColor(0xd0, 0x00, 0x00); }

}  // namespace veil::ui::graph_palette
