#include "dialogs/about_dialog.h"

#include "veil/common/version.h"

#include <QMessageBox>

// Resources live in a static library: register them explicitly (outside any namespace).
static void initVeilResources() { Q_INIT_RESOURCE(veil); }

namespace veil::ui {

QIcon applicationIcon() {
    static const bool initialised = (initVeilResources(), true);
    Q_UNUSED(initialised);
    return QIcon(QStringLiteral(":/icons/veil.svg"));
}

void showAboutDialog(QWidget* parent) {
    QMessageBox box(parent);
    box.setObjectName(QStringLiteral("aboutBox"));
    box.setWindowTitle(QObject::tr("About Veil"));
    box.setIconPixmap(applicationIcon().pixmap(64, 64));
    box.setTextFormat(Qt::RichText);
    box.setText(QObject::tr("<h3>Veil %1</h3><p>A desktop workbench for privacy-preserving data release: "
                            "k-anonymity and its relatives, differential privacy, private spatial "
                            "decompositions and graph statistics.</p>")
                    .arg(QString::fromLatin1(versionString())));
    box.exec();
}

}  // namespace veil::ui
