#include "veil/common/status.h"

namespace veil {

const char* statusCodeName(StatusCode code) {
    switch (code) {
        case StatusCode::Ok:
            return "ok";
        case StatusCode::InvalidArgument:
            return "invalid argument";
        case StatusCode::ParseError:
            return "parse error";
        case StatusCode::IoError:
            return "I/O error";
        case StatusCode::NotFound:
            return "not found";
        case StatusCode::Cancelled:
            return "cancelled";
        case StatusCode::Infeasible:
            return "infeasible";
        case StatusCode::BudgetExceeded:
            return "budget exceeded";
        case StatusCode::Unsupported:
            return "unsupported";
        case StatusCode::Internal:
            return "internal error";
    }
    return "unknown";
}

Status Status::withContext(const std::string& context) const {
    if (isOk()) return *this;
    // Said once: a message that already starts with this context (then a colon, a space or its end)
    // keeps it, as when a caller names the method whose own message named it already.
    const bool named =
        m_message.compare(0, context.size(), context) == 0 &&
        (m_message.size() == context.size() || m_message[context.size()] == ':' || m_message[context.size()] == ' ');
    if (named && !context.empty()) return *this;
    return Status(m_code, context + ": " + m_message);
}

std::string formatLocation(const std::string& file, long long line, long long column) {
    std::string out = file;
    if (line > 0) out += ":" + std::to_string(line);
    if (line > 0 && column > 0) out += ":" + std::to_string(column);
    return out;
}

}  // namespace veil
