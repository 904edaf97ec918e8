// Release… from a task view (Mechanisms, Spatial, Graph, Anonymize): the view describes its result
// as a core ReleaseOutcome (released values only, never the true ones); this asks where to write
// it (a new folder or a .zip), renders report.pdf with Qt and writes the bundle through core's
// writeReleaseBundle into the window's ledger: the same path as Release > Run Release Plan and
// `veil-cli release`. A differentially private result was charged when it was computed (its
// receipt names the ledger entry), so bundling it spends nothing again; teaching mode never
// makes a bundle.
#pragma once

#include "veil/release/release_bundle.h"

#include <QString>

#include <functional>
#include <optional>
#include <string>

class QPainter;
class QSize;
class QWidget;

namespace veil::ui {

class ReleaseSession;

// Writes `outcome` to `target` (a folder; a zip file when it ends with ".zip") with report.pdf.
// Synchronous on purpose: a view's bundle is a few small files, one SQLite transaction and a short
// PDF (tens of milliseconds); the session's lock keeps the ledger to one writer. Errors: teaching
// mode, the bundle's own. `recordedEntry`: a syntactic release bundled again names its entry;
// `prepared`: the destination locked before the release was charged (prepareBundleTarget; its
// partial is the one the ledger entry names); null: locked here.
Result<release::BundleResult> writeViewRelease(const release::ReleaseOutcome& outcome, const QString& target,
                                               ReleaseSession& session,
                                               std::optional<std::int64_t> recordedEntry = std::nullopt,
                                               const release::BundleTarget* prepared = nullptr);

// Asks for the bundle's destination, a new folder or a .zip file; empty when cancelled.
QString askReleaseTarget(QWidget* parent, const QString& suggestedName);

// Fills the outcome's input fields from the document's file: path, SHA-256 (of the file as it is on
// disk now) and the dataset's ledger key.
void describeInput(release::ReleaseOutcome& outcome, const QString& filePath, const QString& datasetKey);

// An inline SVG picture (no XML prolog) of `size` drawn by `paint`, for a report figure.
std::string pictureSvg(const QSize& size, const QString& title, const std::function<void(QPainter&)>& paint);

// The line a view shows after Release… (where, which ledger entry, what is left; seeded mark).
QString releaseMessage(const Result<release::BundleResult>& result, bool seeded);

// For tests: the next bundles stop (as a crash would) at this step.
void setViewReleaseCrashPointForTesting(release::BundleOptions::CrashPoint point);

}  // namespace veil::ui
