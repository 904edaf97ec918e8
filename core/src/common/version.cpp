#include "veil/common/version.h"

namespace veil {
const char* versionString() { return VEIL_VERSION_STRING; }
}  // namespace veil
