// A minimal HTTP/1.0 client over a TCP socket, enough to talk to ClickHouse's HTTP interface on
// the user's network: one POST per connection, the response read to the end (RFC 1945), a
// chunked body (RFC 9112, 7.1) decoded when a server sends one anyway.
#pragma once

#include "veil/common/status.h"

#include <string>
#include <utility>
#include <vector>

namespace veil::engine::detail {

struct HttpResponse {
    int status = 0;
    std::string body;
};

// Errors: the host does not resolve, the connection is refused or times out (`timeoutSeconds`
// for connecting and for each read), a reply that is not HTTP. `shown` names the server in them.
Result<HttpResponse> httpPost(const std::string& host, int port, const std::string& target,
                              const std::vector<std::pair<std::string, std::string>>& headers, const std::string& body,
                              const std::string& shown, int timeoutSeconds = 600);

std::string base64(const std::string& bytes);

}  // namespace veil::engine::detail
