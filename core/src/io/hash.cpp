#include "veil/io/hash.h"
#include "veil/io/mapped_file.h"

#include <sodium.h>

namespace veil {

namespace {
std::string hexOf(const unsigned char* digest, std::size_t size) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(2 * size);
    for (std::size_t i = 0; i < size; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 15];
    }
    return out;
}
}  // namespace

std::string sha256Hex(std::string_view bytes) {
    if (sodium_init() < 0) return {};
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    return hexOf(digest, sizeof digest);
}

std::string hmacSha256Hex(std::string_view key, std::string_view bytes) {
    if (sodium_init() < 0) return {};
    crypto_auth_hmacsha256_state state;
    crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()), key.size());
    crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    unsigned char digest[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_final(&state, digest);
    return hexOf(digest, sizeof digest);
}

Result<std::string> sha256FileHex(const std::string& path) {
    auto file = MappedFile::open(path);
    if (!file) return file.status();
    return sha256Hex((*file)->bytes());
}

}  // namespace veil
