#include "views/spatial/spatial_readout.h"

#include <QCoreApplication>

namespace veil::ui {
namespace {
QString tr(const char* text) { return QCoreApplication::translate("SpatialReadout", text); }

QString coordinate(double v) { return QString::number(v, 'g', 6); }

QString rectText(const spatial::Rect& r) {
    return QStringLiteral("[%1, %2) × [%3, %4)")
        .arg(coordinate(r.x0), coordinate(r.x1), coordinate(r.y0), coordinate(r.y1));
}
}  // namespace

QString formatCount(double value) { return QString::number(value, 'f', 1); }

QString leafReadout(const spatial::PrivateSpatialDecomposition& psd, int node, bool showTrue) {
    if (node < 0 || std::size_t(node) >= psd.nodes.size()) return {};
    const spatial::PsdNode& n = psd.nodes[std::size_t(node)];
    QString text =
        tr("Cell %1, depth %2: noisy count %3").arg(rectText(n.rect)).arg(n.depth).arg(formatCount(n.estimate));
    if (psd.postProcessed) text += tr(" (before post-processing %1)").arg(formatCount(n.noisyCount));
    if (showTrue) text += tr(" · true %1").arg(formatCount(n.trueCount));
    return text;
}

QString rangeReadout(const spatial::Rect& rect, const spatial::RangeAnswer& answer, bool showTrue) {
    QString text = tr("Range %1: private answer %2").arg(rectText(rect), formatCount(answer.privateCount));
    if (showTrue)
        text += tr(" · true %1 · relative error %2 %")
                    .arg(formatCount(answer.trueCount))
                    .arg(QString::number(answer.relativeError * 100.0, 'f', 1));
    return text;
}

}  // namespace veil::ui
