#include "dialogs/load_problem_dialog.h"

#include "jobs/source_names.h"

#include <QFileInfo>
#include <QMessageBox>

namespace veil::ui {

QMessageBox* showLoadError(QWidget* parent, const QString& path, const QString& message) {
    auto* box =
        new QMessageBox(QMessageBox::Warning, QObject::tr("Could Not Open File"),
                        QObject::tr("Veil could not open “%1”.").arg(sourceDisplayName(path)), QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

QMessageBox* showLoadWarnings(QWidget* parent, const QString& path, const QStringList& warnings) {
    auto* box = new QMessageBox(
        QMessageBox::Information, QObject::tr("Warnings"),
        QObject::tr("“%1” was read with %n warning(s).", nullptr, int(warnings.size())).arg(sourceDisplayName(path)),
        QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("loadWarningsBox"));
    box->setDetailedText(warnings.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

}  // namespace veil::ui
