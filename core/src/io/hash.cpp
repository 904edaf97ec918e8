#include "veil/io/hash.h"
#include "veil/io/mapped_file.h"

#include <sodium.h>

namespace veil {

std::string sha256Hex(std::string_view bytes) {
    if (sodium_init() < 0) return {};
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(2 * sizeof digest);
    for (unsigned char b : digest) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

Result<std::string> sha256FileHex(const std::string& path) {
    auto file = MappedFile::open(path);
    if (!file) return file.status();
    return sha256Hex((*file)->bytes());
}

}  // namespace veil
