#include "views/spatial/spatial_release.h"

#include "charts/density_color_scale.h"

#include "veil/common/validate.h"
#include "veil/spatial/budget_allocation.h"
#include "veil/spatial/private_median.h"

#include <QPainter>
#include <QSize>

#include <algorithm>

namespace veil::ui {

using nlohmann::json;

std::string leavesGeoJson(const spatial::PrivateSpatialDecomposition& psd) {
    json features = json::array();
    for (auto leaf : psd.leaves) {
        const auto& n = psd.nodes[std::size_t(leaf)];
        const auto& r = n.rect;
        json ring = json::array({json::array({r.x0, r.y0}), json::array({r.x1, r.y0}), json::array({r.x1, r.y1}),
                                 json::array({r.x0, r.y1}), json::array({r.x0, r.y0})});
        features.push_back(
            {{"type", "Feature"},
             {"geometry", {{"type", "Polygon"}, {"coordinates", json::array({ring})}}},
             {"properties", {{"count", n.estimate}, {"depth", n.depth}, {"count_epsilon", n.countEpsilon}}}});
    }
    const auto& d = psd.domain;
    json collection = {
        {"type", "FeatureCollection"}, {"bbox", json::array({d.x0, d.y0, d.x1, d.y1})}, {"features", features}};
    return collection.dump() + "\n";
}

void paintReleasedCells(QPainter& p, const QSize& size, const spatial::PrivateSpatialDecomposition& psd) {
    const auto& d = psd.domain;
    const double total = psd.nodes.empty() ? 0.0 : psd.nodes.front().estimate;  // released, not the true N
    const double average = d.area() > 0.0 ? std::max(total, 1.0) / d.area() : 1.0;
    auto relative = [&](const spatial::PsdNode& n) {
        return n.rect.area() > 0.0 ? n.estimate / n.rect.area() / average : 0.0;
    };
    std::vector<double> densities;
    for (auto leaf : psd.leaves) densities.push_back(relative(psd.nodes[std::size_t(leaf)]));
    const DensityColorScale scale = DensityColorScale::fit(densities);

    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const QRectF plot(60, 20, size.width() - 180, size.height() - 60);
    auto toPlot = [&](const spatial::Rect& r) {
        const double sx = plot.width() / d.width(), sy = plot.height() / d.height();
        return QRectF(plot.left() + (r.x0 - d.x0) * sx, plot.bottom() - (r.y1 - d.y0) * sy, r.width() * sx,
                      r.height() * sy);
    };
    p.setPen(QPen(QColor(90, 90, 90), 0.6));
    for (auto leaf : psd.leaves) {
        const auto& n = psd.nodes[std::size_t(leaf)];
        p.setBrush(scale.color(relative(n)));
        p.drawRect(toPlot(n.rect));
    }
    p.setPen(Qt::black);
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);
    QFont font = p.font();
    font.setPixelSize(13);
    p.setFont(font);
    auto number = [](double v) { return QString::number(v, 'g', 6); };
    p.drawText(QRectF(plot.left() - 60, plot.bottom() + 4, 120, 18), Qt::AlignCenter, number(d.x0));
    p.drawText(QRectF(plot.right() - 60, plot.bottom() + 4, 120, 18), Qt::AlignCenter, number(d.x1));
    p.drawText(QRectF(0, plot.bottom() - 9, 56, 18), Qt::AlignRight | Qt::AlignVCenter, number(d.y0));
    p.drawText(QRectF(0, plot.top() - 9, 56, 18), Qt::AlignRight | Qt::AlignVCenter, number(d.y1));
    // Legend: density relative to the average, on the colour scale's log axis.
    const QRectF bar(plot.right() + 24, plot.top(), 22, plot.height());
    for (int i = 0; i < 100; ++i)
        p.fillRect(
            QRectF(bar.left(), bar.bottom() - (i + 1) * bar.height() / 100.0, bar.width(), bar.height() / 100.0 + 0.5),
            DensityColorScale::colorAt((i + 0.5) / 100.0));
    p.drawRect(bar);
    for (double t : scale.ticks()) {
        const double y = bar.bottom() - scale.position(t) * bar.height();
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
        p.drawText(QRectF(bar.right() + 6, y - 9, 70, 18), Qt::AlignLeft | Qt::AlignVCenter,
                   DensityColorScale::tickLabel(t));
    }
    p.drawText(QRectF(bar.left() - 10, plot.bottom() + 4, 120, 36), Qt::AlignLeft | Qt::TextWordWrap,
               QStringLiteral("density vs average"));
}

release::ReleaseOutcome spatialOutcome(const SpatialResult& r, const std::string& figureSvg) {
    const auto& psd = *r.psd;
    const SpatialSettings& s = r.settings;
    release::ReleaseOutcome o;
    o.kind = "spatial-decomposition";
    o.title = "Private " + s.summary().toStdString() + " of " +
              (s.source == SpatialSource::Table ? s.xColumn.toStdString() + " x " + s.yColumn.toStdString()
                                                : std::string("a DPBench shape"));
    o.mechanism = psd.privacy.mechanism.empty() ? s.method : psd.privacy.mechanism;
    o.epsilon = r.receipt.spent.epsilon;
    o.delta = r.receipt.spent.delta;
    o.receipt = r.receipt;
    o.neighbouring = "add-remove";  // core: "add or remove one point"
    o.seeded = r.seeded;
    o.randomness = r.seeded ? "seeded (seed " + std::to_string(s.seed) + ", draw " + std::to_string(r.draw) + ")"
                            : r.randomDescription.toStdString();
    o.plan = {{"kind", o.kind},
              {"source", s.source == SpatialSource::Table ? "table" : "shape"},
              {"x", s.xColumn.toStdString()},
              {"y", s.yColumn.toStdString()},
              {"method", s.method},
              {"epsilon", s.epsilon},
              {"postprocess", s.postprocess},
              {"seed", s.seeded ? json(s.seed) : json(nullptr)}};
    if (!s.isGrid()) {
        o.plan["tree"] = s.method;
        o.plan["height"] = s.height;
        o.plan["budget"] = spatial::budgetStrategyName(s.budget);
        o.plan["median"] = spatial::medianMethodName(s.median);
    }
    if (s.source == SpatialSource::Shape) o.plan["shape"] = s.shapePath.toStdString(), o.plan["scale"] = s.scale;
    o.files.push_back({"cells.geojson", leavesGeoJson(psd), "application/geo+json"});
    const bool domainFromData = r.points && r.points->domainFromData;
    o.summary = {{"cells", psd.leaves.size()},
                 {"height", psd.maxDepth()},
                 {"epsilon_per_path", psd.maxPathEpsilon()},
                 {"domain", json::array({psd.domain.x0, psd.domain.y0, psd.domain.x1, psd.domain.y1})},
                 {"domain_from_data", domainFromData}};
    if (!figureSvg.empty()) o.figures.push_back({"The released cells, shaded by noisy density", figureSvg});
    o.guarantee =
        "Every cell count was measured with noise calibrated so that the whole "
        "decomposition (tree shape "
        "and counts) is " +
        formatNumber(o.epsilon) + (o.delta > 0 ? ", " + formatNumber(o.delta) : std::string()) +
        "-differentially private for point sets that differ by adding or "
        "removing one point: each point "
        "lies on one root-to-leaf path, and the budget spent along any path is "
        "at most epsilon. Counts "
        "may be post-processed (made consistent), which costs no privacy.";
    if (domainFromData)
        o.guarantee +=
            " Caution: the domain was taken from the data's bounding "
            "box, which is not private; give a "
            "public domain for a real release.";
    return o;
}

}  // namespace veil::ui
