// Parts of a table source URI shared by the database readers: the query parameters Veil reads
// (table=, query=), percent-decoding, and the URI with its password hidden for messages.
#pragma once

#include "veil/common/status.h"

#include <string>
#include <string_view>

namespace veil::detail {

struct SourceSelection {
    std::string location;  // the URI without Veil's parameters (what the database library gets)
    std::string table, query;
};

std::string percentDecode(std::string_view s);
// Splits off table=/query= (exactly one is required); other parameters stay in `location` when
// `keepOthers`, else they are refused.
Result<SourceSelection> selectFrom(const std::string& uri, bool keepOthers);
// "postgresql://ann:secret@host/db" -> "postgresql://ann:***@host/db": never print a password.
std::string redactPassword(const std::string& uri);
// "postgresql://ann:secret@host/db?password=x&table=t" -> "postgresql://ann@host/db?table=t".
std::string removePassword(const std::string& uri);

}  // namespace veil::detail
