// Writing a release: the anonymized table as CSV (veil::writeCsvFile) and a manifest JSON beside
// it (`<name>.manifest.json`, written atomically) recording the input file's SHA-256, the
// quasi-identifiers and roles, the hierarchies with their hashes, the privacy models and
// parameters, the algorithm, the transformation or partition count, metrics, risk, the Veil
// version and the time.
#pragma once

#include "veil/common/status.h"

#include <QJsonObject>
#include <QString>

namespace veil::ui {

struct AnonymizationRun;
struct AnonymizationSettings;

// The manifest as JSON (also what the tests check).
QJsonObject releaseManifest(const AnonymizationRun& run, const AnonymizationSettings& settings, const QString& csvPath);
// Where the manifest of `csvPath` goes: "out.csv" -> "out.manifest.json".
QString manifestPathFor(const QString& csvPath);
// Writes both files. Errors name the file that could not be written.
Status writeRelease(const AnonymizationRun& run, const AnonymizationSettings& settings, const QString& csvPath);

}  // namespace veil::ui
