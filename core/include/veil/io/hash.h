// Content hashes for manifests and project files: SHA-256 (libsodium), lower-case hex.
#pragma once

#include "veil/common/status.h"

#include <string>
#include <string_view>

namespace veil {

std::string sha256Hex(std::string_view bytes);
Result<std::string> sha256FileHex(const std::string& path);
// HMAC-SHA-256 of `bytes` under `key` (any length), lower-case hex.
std::string hmacSha256Hex(std::string_view key, std::string_view bytes);

}  // namespace veil
