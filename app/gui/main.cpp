// veil: the desktop workbench. Creates the application and the main window, and opens a file given
// on the command line. Everything else lives in veil_ui.
#include "dialogs/about_dialog.h"
#include "jobs/table_loader.h"
#include "main_window.h"

#include "veil/common/version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTimer>

namespace {

// --screenshot FILE (hidden): once the table is loaded and the views have drawn (or at once when
// no file is given), save the window as an image and quit. Used for the user guide's pictures and
// to check how the window looks on a headless machine.
void scheduleScreenshot(veil::ui::MainWindow& window, const QString& file, bool waitForTable) {
    auto grab = [&window, file] {
        QTimer::singleShot(1500, &window, [&window, file] {
            const bool ok = window.grab().save(file);
            QApplication::exit(ok ? 0 : 1);
        });
    };
    if (!waitForTable) {
        grab();
        return;
    }
    QObject::connect(window.loader(), &veil::ui::TableLoader::loaded, &window, grab, Qt::SingleShotConnection);
    QObject::connect(window.loader(), &veil::ui::TableLoader::failed, &window, grab, Qt::SingleShotConnection);
}

}  // namespace

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Veil"));
    QApplication::setApplicationName(QStringLiteral("Veil"));
    QApplication::setApplicationDisplayName(QStringLiteral("Veil"));
    QApplication::setApplicationVersion(QString::fromLatin1(veil::versionString()));
    QApplication::setDesktopFileName(QStringLiteral("io.github.veil.Veil"));
    QApplication::setWindowIcon(veil::ui::applicationIcon());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Veil, a desktop privacy workbench."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A CSV table to open."),
                                 QStringLiteral("[file]"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Save the window to FILE and quit."),
                                  QStringLiteral("FILE"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(screenshot);
    QCommandLineOption view(QStringLiteral("view"),
                            QStringLiteral("Start on a view: data, anonymize, mechanisms, histograms, spatial, graph, "
                                           "experiments, ledger."),
                            QStringLiteral("ID"));
    parser.addOption(view);
    parser.process(app);

    veil::ui::MainWindow window;
    window.show();
    if (parser.isSet(view) && !window.showView(parser.value(view)))
        qWarning("veil: no view named '%s'", qPrintable(parser.value(view)));
    const QStringList files = parser.positionalArguments();
    if (parser.isSet(screenshot)) scheduleScreenshot(window, parser.value(screenshot), !files.isEmpty());
    if (!files.isEmpty()) window.openFile(QFileInfo(files.first()).absoluteFilePath());
    // A project left unsaved by a crash is offered back (not when a file was asked for).
    if (files.isEmpty() && !parser.isSet(screenshot))
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return QApplication::exec();
}
