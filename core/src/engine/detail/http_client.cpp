#include "http_client.h"

#include <netdb.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

namespace veil::engine::detail {

namespace {

struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

Status connectTo(Fd& s, const std::string& host, int port, const std::string& shown, int timeoutSeconds) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); rc != 0)
        return Status::ioError(shown + ": cannot resolve host '" + host + "' (" + gai_strerror(rc) + ")");
    std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> list(found, ::freeaddrinfo);
    std::string why = "no address";
    for (addrinfo* a = found; a; a = a->ai_next) {
        Fd candidate{::socket(a->ai_family, a->ai_socktype, a->ai_protocol)};
        if (candidate.fd < 0) continue;
        timeval tv{timeoutSeconds, 0};
        ::setsockopt(candidate.fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::setsockopt(candidate.fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        if (::connect(candidate.fd, a->ai_addr, a->ai_addrlen) == 0) {
            std::swap(s.fd, candidate.fd);
            return Status::ok();
        }
        why = std::strerror(errno);
    }
    return Status::ioError(shown + ": cannot connect (" + why + ")");
}

Status sendAll(int fd, const std::string& data, const std::string& shown) {
    for (std::size_t sent = 0; sent < data.size();) {
        const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            return Status::ioError(shown + ": the connection broke while sending (" + std::strerror(errno) + ")");
        sent += std::size_t(n);
    }
    return Status::ok();
}

Result<std::string> receiveAll(int fd, const std::string& shown) {
    std::string out;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return Status::ioError(shown + ": no reply (" + std::strerror(errno) + ")");
        if (n == 0) return out;
        out.append(buf, std::size_t(n));
    }
}

// RFC 9112 7.1: hex size line, data, CRLF, ..., a zero size.
Result<std::string> dechunk(const std::string& body, const std::string& shown) {
    std::string out;
    for (std::size_t at = 0;;) {
        const auto eol = body.find("\r\n", at);
        if (eol == std::string::npos) return Status::ioError(shown + ": a malformed chunked reply");
        const std::size_t size = std::strtoull(body.substr(at, eol - at).c_str(), nullptr, 16);
        if (size == 0) return out;
        if (eol + 2 + size > body.size()) return Status::ioError(shown + ": a truncated chunked reply");
        out.append(body, eol + 2, size);
        at = eol + 2 + size + 2;
    }
}

bool headerSays(const std::string& head, const std::string& header, const std::string& value) {
    std::string lower;
    for (char c : head) lower += char(std::tolower(static_cast<unsigned char>(c)));
    const auto at = lower.find("\r\n" + header + ":");
    return at != std::string::npos && lower.find(value, at) < lower.find("\r\n", at + 2);
}

}  // namespace

Result<HttpResponse> httpPost(const std::string& host, int port, const std::string& target,
                              const std::vector<std::pair<std::string, std::string>>& headers, const std::string& body,
                              const std::string& shown, int timeoutSeconds) {
    Fd s;
    VEIL_RETURN_IF_ERROR(connectTo(s, host, port, shown, timeoutSeconds));
    std::string request = "POST " + target + " HTTP/1.0\r\nHost: " + host + ":" + std::to_string(port) +
                          "\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
    for (const auto& [name, value] : headers) request.append(name).append(": ").append(value).append("\r\n");
    request.append("\r\n").append(body);
    VEIL_RETURN_IF_ERROR(sendAll(s.fd, request, shown));
    auto reply = receiveAll(s.fd, shown);
    if (!reply) return reply.status();
    const auto headEnd = reply->find("\r\n\r\n");
    if (reply->rfind("HTTP/1.", 0) != 0 || headEnd == std::string::npos || reply->size() < 12)
        return Status::ioError(shown + ": the reply is not HTTP (is this ClickHouse's HTTP port?)");
    HttpResponse r;
    r.status = std::atoi(reply->c_str() + 9);
    const std::string head = reply->substr(0, headEnd);
    r.body = reply->substr(headEnd + 4);
    if (headerSays(head, "transfer-encoding", "chunked")) {
        auto plain = dechunk(r.body, shown);
        if (!plain) return plain.status();
        r.body = std::move(*plain);
    }
    return r;
}

std::string base64(const std::string& bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = unsigned(static_cast<unsigned char>(bytes[i])) << 16 |
                           unsigned(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                           unsigned(static_cast<unsigned char>(bytes[i + 2]));
        for (int k = 18; k >= 0; k -= 6) out += digits[(v >> k) & 63];
    }
    if (const std::size_t rest = bytes.size() - i; rest > 0) {
        unsigned v = unsigned(static_cast<unsigned char>(bytes[i])) << 16;
        if (rest == 2) v |= unsigned(static_cast<unsigned char>(bytes[i + 1])) << 8;
        out += digits[(v >> 18) & 63];
        out += digits[(v >> 12) & 63];
        out += rest == 2 ? digits[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

}  // namespace veil::engine::detail
