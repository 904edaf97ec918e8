#include "views/anonymization/widget_export.h"

#include <QAction>
#include <QFileDialog>
#include <QPainter>
#include <QPixmap>
#include <QWidget>
#include <QtSvg/QSvgGenerator>

namespace veil::ui {

bool saveWidgetImage(QWidget* widget, const QString& path) {
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(widget->size());
        generator.setViewBox(QRect(QPoint(0, 0), widget->size()));
        generator.setTitle(widget->windowTitle());
        generator.setDescription(QStringLiteral("Veil chart"));
        QPainter painter;
        if (!painter.begin(&generator)) return false;
        widget->render(&painter);
        return painter.end();
    }
    return widget->grab().save(path, "PNG");
}

void installImageExportMenu(QWidget* widget, const QString& baseName) {
    widget->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* png = new QAction(QObject::tr("Save as PNG…"), widget);
    png->setObjectName(QStringLiteral("save-png"));
    auto* svg = new QAction(QObject::tr("Save as SVG…"), widget);
    svg->setObjectName(QStringLiteral("save-svg"));
    QObject::connect(png, &QAction::triggered, widget, [widget, baseName] {
        const QString path = QFileDialog::getSaveFileName(widget, QObject::tr("Save chart"), baseName + QStringLiteral(".png"),
                                                          QObject::tr("PNG image (*.png)"));
        if (!path.isEmpty()) saveWidgetImage(widget, path);
    });
    QObject::connect(svg, &QAction::triggered, widget, [widget, baseName] {
        const QString path = QFileDialog::getSaveFileName(widget, QObject::tr("Save chart"), baseName + QStringLiteral(".svg"),
                                                          QObject::tr("SVG image (*.svg)"));
        if (!path.isEmpty()) saveWidgetImage(widget, path);
    });
    widget->addAction(png);
    widget->addAction(svg);
}

}  // namespace veil::ui
