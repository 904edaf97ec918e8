// JSON documents Veil reads (plans, experiments): the file checked (checkReadableFile), parsed,
// and a syntax error reported as FILE:LINE:COLUMN with the parser's reason.
#pragma once

#include "veil/common/status.h"

#include <nlohmann/json.hpp>

#include <string>

namespace veil {

// `expected` names the document ("a release plan (JSON)"). Errors: the file's, a syntax error
// (ParseError, FILE:LINE:COLUMN), a top level that is not an object.
Result<nlohmann::json> readJsonObjectFile(const std::string& path, const std::string& expected);
// The same on text already read; `name` is used in messages.
Result<nlohmann::json> parseJsonObject(const std::string& text, const std::string& name);

// "expected a number, got \"x\"": what a JSON value is, for messages naming a field.
std::string jsonTypeText(const nlohmann::json& value);

}  // namespace veil
