#include "views/graph/graph_palette.h"

#include <array>

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

QColor edgeColor() { return QColor(0x80, 0x80, 0x80, 150); }
QColor removedEdgeColor() { return QColor(0xd5, 0x5e, 0x00); }
QColor highlightOutline() { return QColor(0xd0, 0x00, 0x00); }

}  // namespace veil::ui::graph_palette
