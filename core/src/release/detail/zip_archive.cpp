#include "release/detail/zip_archive.h"

#include <zip.h>

#include <memory>

namespace veil::release::detail {

namespace {

std::string zipMessage(zip_error_t* error) {
    std::string m = zip_error_strerror(error);
    zip_error_fini(error);
    return m;
}

}  // namespace

Result<std::string> buildZipArchive(const std::vector<ZipEntry>& entries) {
    zip_error_t error;
    zip_error_init(&error);
    // An empty in-memory source that the archive is written into; kept alive past zip_close.
    zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
    if (!buffer) return Status::ioError("zip: cannot create a buffer (" + zipMessage(&error) + ")");
    std::unique_ptr<zip_source_t, decltype(&zip_source_free)> bufferGuard(buffer, &zip_source_free);
    zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
    if (!archive) return Status::ioError("zip: cannot open an archive (" + zipMessage(&error) + ")");
    zip_source_keep(buffer);  // zip_close / zip_discard must not free it
    for (const ZipEntry& e : entries) {
        zip_source_t* data = zip_source_buffer(archive, e.contents.data(), e.contents.size(), 0);
        if (!data || zip_file_add(archive, e.name.c_str(), data, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE) < 0) {
            if (data) zip_source_free(data);
            const std::string m = zip_strerror(archive);
            zip_discard(archive);
            return Status::ioError("zip: cannot add " + e.name + " (" + m + ")");
        }
    }
    if (zip_close(archive) < 0) {
        const std::string m = zip_strerror(archive);
        zip_discard(archive);
        return Status::ioError("zip: cannot finish the archive (" + m + ")");
    }
    // Read the finished archive back out of the buffer source.
    if (zip_source_open(buffer) < 0) return Status::ioError("zip: cannot read the archive back");
    std::string bytes;
    char chunk[65536];
    zip_int64_t n = 0;
    while ((n = zip_source_read(buffer, chunk, sizeof chunk)) > 0) bytes.append(chunk, std::size_t(n));
    zip_source_close(buffer);
    if (n < 0) return Status::ioError("zip: cannot read the archive back");
    return bytes;
}

}  // namespace veil::release::detail
