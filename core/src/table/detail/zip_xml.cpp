#include "zip_xml.h"

#include <cstdint>

namespace veil::detail {

Result<std::unique_ptr<pugi::xml_document>> readZipXml(zip_t* z, const std::string& name, const std::string& shown) {
    auto doc = std::make_unique<pugi::xml_document>();
    zip_stat_t st;
    if (zip_stat(z, name.c_str(), 0, &st) != 0) return doc;
    if (st.size > (std::uint64_t(1) << 31)) return Status::invalidArgument(shown + ": " + name + " is too large");
    std::string bytes(std::size_t(st.size), '\0');
    zip_file_t* f = zip_fopen(z, name.c_str(), 0);
    if (!f) return Status::ioError(shown + ": cannot read " + name);
    const zip_int64_t got = zip_fread(f, bytes.data(), st.size);
    zip_fclose(f);
    if (got != zip_int64_t(st.size)) return Status::ioError(shown + ": cannot read " + name);
    if (!doc->load_buffer(bytes.data(), bytes.size()))
        return Status::parseError(shown + ": " + name + " is not well-formed XML");
    return doc;
}

}  // namespace veil::detail
