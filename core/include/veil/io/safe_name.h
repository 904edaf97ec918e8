// File names made from user text (a column, a dataset's name, a plan's title): one path component
// that cannot climb out of the folder it is written to, in a folder or inside a zip.
#pragma once

#include <string>
#include <string_view>

namespace veil {

// ASCII letters, digits, '-', '_' and '.' are kept, every other byte becomes '_'; a leading '.' or
// '-' becomes '_'; at most 80 bytes. When anything was changed, '-' and the first 8 hex digits of
// the text's SHA-256 follow, so two different texts never share a name. "" gives "unnamed".
std::string safeFileName(std::string_view text);

// One path component Veil may create: 1..255 bytes, no '/', '\\' or control byte, not starting
// with '.', and not "..".
bool isSafeFileName(std::string_view name);

}  // namespace veil
