// Veil's version, for manifests and --version.
#pragma once

namespace veil {
const char* versionString();
}
