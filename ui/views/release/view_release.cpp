#include "views/release/view_release.h"

#include "workbench/local_path.h"
#include "workbench/release_session.h"
#include "views/release/report_pdf.h"

#include "veil/io/hash.h"

#include <QBuffer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QObject>
#include <QPainter>
#include <QSize>
#include <QtSvg/QSvgGenerator>

namespace veil::ui {

namespace {

release::BundleOptions::CrashPoint g_crashPoint = release::BundleOptions::CrashPoint::None;

}  // namespace

void setViewReleaseCrashPointForTesting(release::BundleOptions::CrashPoint point) { g_crashPoint = point; }

Result<release::BundleResult> writeViewRelease(const release::ReleaseOutcome& outcome, const QString& target,
                                               ReleaseSession& session, std::optional<std::int64_t> recordedEntry,
                                               const release::BundleTarget* prepared) {
    if (session.isTeaching() || (outcome.receipt && outcome.receipt->mode == dp::ReleaseMode::Teaching))
        return Status::invalidArgument(
            "teaching mode is on: what it shows is not private, so it can never be released "
            "(turn teaching mode off and run again)");
    auto written = session.withLedger([&](release::PrivacyLedger& ledger) -> Result<release::BundleResult> {
        // Recover bundles a crash left half-done before adding one (as the CLI and the menu do).
        if (auto recovered = release::recoverReleaseBundles(ledger); !recovered) return recovered.status();
        release::BundleOptions options;
        options.outputDir = localPath(target);
        options.ledger = &ledger;
        options.recordedEntry = recordedEntry;
        options.target = prepared;
        options.crashPoint = g_crashPoint;
        options.renderPdf = [](const std::string& html) -> Result<std::string> {
            QString error;
            const QByteArray pdf = renderReportPdf(QString::fromStdString(html), &error);
            if (pdf.isEmpty()) return Status::ioError(error.toStdString());
            return pdf.toStdString();
        };
        return release::writeReleaseBundle(outcome, options);
    });
    session.notifyChanged();
    return written;
}

QString askReleaseTarget(QWidget* parent, const QString& suggestedName) {
    const QString folderFilter = QObject::tr("Release bundle folder (*)");
    const QString zipFilter = QObject::tr("Zip archive (*.zip)");
    QString selected = folderFilter;
    QString path =
        QFileDialog::getSaveFileName(parent, QObject::tr("Release bundle (a new folder or a .zip)"), suggestedName,
                                     folderFilter + QStringLiteral(";;") + zipFilter, &selected);
    if (!path.isEmpty() && selected == zipFilter && !path.endsWith(QStringLiteral(".zip"), Qt::CaseInsensitive))
        path += QStringLiteral(".zip");
    return path;
}

void describeInput(release::ReleaseOutcome& outcome, const QString& filePath, const QString& datasetKey) {
    outcome.datasetKey = datasetKey.toStdString();
    outcome.inputPath =
        filePath.isEmpty() ? std::string("(not saved)") : localPath(QFileInfo(filePath).absoluteFilePath());
    outcome.inputSha256 = "unavailable";
    if (filePath.isEmpty()) return;
    if (auto hash = sha256FileHex(localPath(filePath))) outcome.inputSha256 = *hash;
}

std::string pictureSvg(const QSize& size, const QString& title, const std::function<void(QPainter&)>& paint) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setResolution(96);  // so that the SVG's size in mm is its size in CSS pixels
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    QPainter painter;
    if (!painter.begin(&generator)) return {};
    paint(painter);
    painter.end();
    const qsizetype start = bytes.indexOf("<svg");
    return start < 0 ? std::string() : bytes.mid(start).toStdString();
}

QString releaseMessage(const Result<release::BundleResult>& result, bool seeded) {
    if (!result) return QObject::tr("Release not made: %1").arg(QString::fromStdString(result.status().message()));
    QString text = QObject::tr("Released to %1 (ledger entry %2")
                       .arg(QString::fromStdString(result->dir))
                       .arg(result->ledgerEntry);
    const auto& budget = result->manifest.value("budget", nlohmann::json::object());
    if (budget.contains("remaining_epsilon"))
        text += QObject::tr("; ε left on %1: %2")
                    .arg(QString::fromStdString(budget.value("dataset", std::string())))
                    .arg(budget["remaining_epsilon"].get<double>(), 0, 'g', 4);
    text += QLatin1Char(')');
    if (seeded) text += QObject::tr(" — seeded - not for release: the manifest says so");
    return text;
}

}  // namespace veil::ui
