#include "charts/widget_export.h"

#include <QAction>
#include <QFileDialog>
#include <QPainter>
#include <QPixmap>
#include <QWidget>
#include <QtSvg/QSvgGenerator>

namespace veil::ui {

bool saveWidget(QWidget* widget, const QString& path) {
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(widget->size());
        generator.setViewBox(QRect(QPoint(0, 0), widget->size()));
        generator.setTitle(QStringLiteral("Veil graph chart"));
        QPainter painter;
        if (!painter.begin(&generator)) return false;
        widget->render(&painter);
        return painter.end();
    }
    return widget->grab().save(path, "PNG");
}

void installExportMenu(QWidget* widget, const QString& baseName) {
    widget->setContextMenuPolicy(Qt::ActionsContextMenu);
    const struct {
        const char* name;
        QString text, suffix, filter;
    } formats[] = {{"save-png", QObject::tr("Save as PNG…"), QStringLiteral(".png"), QObject::tr("PNG image (*.png)")},
                   {"save-svg", QObject::tr("Save as SVG…"), QStringLiteral(".svg"), QObject::tr("SVG image (*.svg)")}};
    for (const auto& f : formats) {
        auto* action = new QAction(f.text, widget);
        action->setObjectName(QString::fromLatin1(f.name));
        const QString suggested = baseName + f.suffix, filter = f.filter;
        QObject::connect(action, &QAction::triggered, widget, [widget, suggested, filter] {
            const QString path = QFileDialog::getSaveFileName(widget, QObject::tr("Save image"), suggested, filter);
            if (!path.isEmpty()) saveWidget(widget, path);
        });
        widget->addAction(action);
    }
}

}  // namespace veil::ui
