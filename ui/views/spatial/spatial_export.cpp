#include "views/spatial/spatial_export.h"

#include "views/spatial/spatial_canvas.h"

#include <QImage>
#include <QPainter>
#include <QWidget>
#include <QtSvg/QSvgGenerator>

namespace veil::ui {
namespace {

constexpr int kSvgMaxPoints = 20000;

bool isSvg(const QString& path) { return path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive); }

template <typename Paint>
bool writeSvg(const QString& path, QSize size, const QString& title, Paint paint) {
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(QStringLiteral("Veil - private spatial decomposition"));
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    paint(painter);
    return painter.end();
}

}  // namespace

bool saveCanvasPicture(const SpatialCanvas& canvas, const QString& path) {
    if (isSvg(path))
        return writeSvg(path, canvas.size(), QStringLiteral("Spatial decomposition"),
                        [&canvas](QPainter& p) { canvas.paintPicture(p, kSvgMaxPoints); });
    QImage image(canvas.size() * 2, QImage::Format_ARGB32_Premultiplied);  // 2x for projectors and print
    image.setDevicePixelRatio(2.0);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing, true);
    canvas.paintPicture(p, 200000);
    p.end();
    return image.save(path, "PNG");
}

bool saveWidgetPicture(QWidget& widget, const QString& path) {
    if (isSvg(path))
        return writeSvg(path, widget.size(), widget.windowTitle(), [&widget](QPainter& p) { widget.render(&p); });
    return widget.grab().save(path, "PNG");
}

}  // namespace veil::ui
