// Where the bundled data lives: samples (adult, karate) and the classroom demo tables. Looked up,
// in order, in $VEIL_RESOURCES_DIR, beside an installed executable (share/veil), and in the
// source tree the build came from.
#pragma once

#include <QString>

namespace veil::ui {

// The folder `sub` ("samples", "demos") of Veil's resources containing `probeFile`, or "" when
// none is found.
QString resourceDirectory(const QString& sub, const QString& probeFile);

}  // namespace veil::ui
