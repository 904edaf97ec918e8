#include "veil/io/safe_name.h"

#include "veil/io/hash.h"

namespace veil {

namespace {
constexpr std::size_t kMaxStem = 80;

bool keep(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.';
}
}  // namespace

std::string safeFileName(std::string_view text) {
    if (text.empty()) return "unnamed";
    std::string out;
    bool changed = false;
    for (unsigned char c : text.substr(0, kMaxStem)) {
        out += keep(c) ? char(c) : '_';
        changed = changed || !keep(c);
    }
    if (out.front() == '.' || out.front() == '-') out.front() = '_', changed = true;
    if (text.size() > kMaxStem) changed = true;
    if (changed) out += "-" + sha256Hex(text).substr(0, 8);
    return out;
}

bool isSafeFileName(std::string_view name) {
    if (name.empty() || name.size() > 255 || name.front() == '.') return false;
    for (unsigned char c : name)
        if (c == '/' || c == '\\' || c < 0x20 || c == 0x7f) return false;
    return true;
}

}  // namespace veil
