// Spreadsheet archives (.xlsx, .ods) as zip files of XML members: opening one with libzip and
// parsing a member with pugixml, shared by the spreadsheet readers.
#pragma once

#include "veil/common/status.h"

#include <pugixml.hpp>
#include <zip.h>

#include <memory>
#include <string>

namespace veil::detail {

struct ZipCloser {
    void operator()(zip_t* z) const { zip_discard(z); }
};
using Zip = std::unique_ptr<zip_t, ZipCloser>;

// One member of the archive as a parsed XML document; an empty document when the member is
// absent. Errors (too large, unreadable, not well-formed) name `shown` and the member.
Result<std::unique_ptr<pugi::xml_document>> readZipXml(zip_t* z, const std::string& name, const std::string& shown);

}  // namespace veil::detail
