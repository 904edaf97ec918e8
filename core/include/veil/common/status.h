// Status and Result<T>: how core reports expected failures (bad input, infeasible parameters,
// cancellation) without exceptions crossing its API. Messages are written for the user: they say
// what was given, where (file:line:column when known) and what is wrong.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace veil {

enum class StatusCode {
    Ok,
    InvalidArgument,  // a parameter is out of range or inconsistent (epsilon <= 0, k > N, ...)
    ParseError,       // malformed input file; the message names file, line and column
    IoError,          // the file system said no
    NotFound,         // unknown column, missing file, missing hierarchy value
    Cancelled,        // the caller's cancel token fired
    Infeasible,       // no solution exists for the requested model
    BudgetExceeded,   // a release would spend more privacy budget than is left
    Unsupported,      // a valid request that Veil does not implement
    Internal,         // a bug: should never reach a user
};

const char* statusCodeName(StatusCode code);

class [[nodiscard]] Status {
public:
    Status() = default;
    Status(StatusCode code, std::string message) : m_code(code), m_message(std::move(message)) {}

    static Status ok() { return {}; }
    static Status invalidArgument(std::string m) { return {StatusCode::InvalidArgument, std::move(m)}; }
    static Status parseError(std::string m) { return {StatusCode::ParseError, std::move(m)}; }
    static Status ioError(std::string m) { return {StatusCode::IoError, std::move(m)}; }
    static Status notFound(std::string m) { return {StatusCode::NotFound, std::move(m)}; }
    static Status cancelled(std::string m = "cancelled by the user") { return {StatusCode::Cancelled, std::move(m)}; }
    static Status infeasible(std::string m) { return {StatusCode::Infeasible, std::move(m)}; }
    static Status budgetExceeded(std::string m) { return {StatusCode::BudgetExceeded, std::move(m)}; }
    static Status unsupported(std::string m) { return {StatusCode::Unsupported, std::move(m)}; }
    static Status internal(std::string m) { return {StatusCode::Internal, std::move(m)}; }

    bool isOk() const { return m_code == StatusCode::Ok; }
    explicit operator bool() const { return isOk(); }
    StatusCode code() const { return m_code; }
    const std::string& message() const { return m_message; }

    // A copy whose message is prefixed with context, e.g. status.withContext("hierarchy 'age'");
    // unchanged when the message already starts with that context (it is said once).
    Status withContext(const std::string& context) const;

private:
    StatusCode m_code = StatusCode::Ok;
    std::string m_message;
};

// Result<T>: either a value or a non-ok Status.
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_data(std::move(value)) {}        // NOLINT(google-explicit-constructor)
    Result(Status status) : m_data(std::move(status)) {  // NOLINT(google-explicit-constructor)
        assert(!std::get<Status>(m_data).isOk() && "Result constructed from an ok Status without a value");
    }

    bool isOk() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return isOk(); }

    const Status& status() const {
        static const Status okStatus;
        return isOk() ? okStatus : std::get<Status>(m_data);
    }
    T& value() & { return std::get<T>(m_data); }
    const T& value() const& { return std::get<T>(m_data); }
    T&& value() && { return std::get<T>(std::move(m_data)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Status> m_data;
};

// "file:line:column: message" with the parts that are known (line/column 0 = unknown).
std::string formatLocation(const std::string& file, long long line, long long column = 0);

}  // namespace veil

// Propagate a non-ok Status from an expression returning Status.
#define VEIL_RETURN_IF_ERROR(expr)                     \
    do {                                               \
        ::veil::Status veil_status_ = (expr);          \
        if (!veil_status_.isOk()) return veil_status_; \
    } while (false)
