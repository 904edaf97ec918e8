// Reading and writing hierarchies in ARX's CSV format: one row per value, `value;level1;...;*`,
// no header, delimiter detected (';' preferred, then ',', tab, '|'), optional RFC 4180 quotes,
// LF or CRLF, optional UTF-8 BOM. Labels are used verbatim.
#pragma once

#include "veil/common/status.h"
#include "veil/hierarchy/hierarchy.h"

#include <string>
#include <string_view>

namespace veil::hierarchy {

// Parses hierarchy text. `name` becomes the hierarchy's name, `displayName` is used in messages
// ("age.csv:12: 3 levels, expected 5"). Complexity: linear in the text.
Result<Hierarchy> parseHierarchyCsv(std::string_view text, const std::string& name, const std::string& displayName,
                                    char delimiter = 0);
// Reads a hierarchy file; the name defaults to the file's stem.
Result<Hierarchy> readHierarchyCsv(const std::string& path, const std::string& name = {}, char delimiter = 0);

// The hierarchy as ARX CSV text (LF line endings, fields quoted only when needed).
std::string formatHierarchyCsv(const Hierarchy& hierarchy, char delimiter = ';');
// Writes the hierarchy atomically.
Status writeHierarchyCsv(const Hierarchy& hierarchy, const std::string& path, char delimiter = ';');

// The delimiter of hierarchy text: the first of ; , tab | that occurs the same non-zero number of
// times on every non-empty line (outside quotes); ';' when none does.
char detectHierarchyDelimiter(std::string_view text);

}  // namespace veil::hierarchy
