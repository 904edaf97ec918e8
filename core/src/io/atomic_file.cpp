#include "veil/io/atomic_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

namespace veil {

namespace fs = std::filesystem;

namespace {
std::string errnoText() { return std::strerror(errno); }

// fsync a path (file or directory); best effort for directories.
bool syncPath(const std::string& path, bool directory) {
    const int fd = ::open(path.c_str(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0) return directory;
    const bool ok = ::fsync(fd) == 0 || directory;
    ::close(fd);
    return ok;
}
}  // namespace

namespace {
// What a write needs of its target, without touching the disk: the folder exists, and the path is
// a regular file or nothing (the write renames a new file over it: a device or a pipe would be
// replaced, not written into; root's -o /dev/null would remove the device).
Status checkTarget(const std::string& path) {
    if (path.empty()) return Status::invalidArgument("no output file named");
    const fs::path target(path);
    fs::path dir = target.parent_path();
    if (dir.empty()) dir = ".";
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return Status::ioError(path + ": folder " + dir.string() + " does not exist");
    if (fs::is_directory(target, ec)) return Status::ioError(path + ": is a folder, not a file");
    if (fs::exists(target, ec) && !fs::is_regular_file(target, ec))
        return Status::ioError(path + ": is not a regular file (a device, a pipe or a socket); write to a file");
    return Status::ok();
}
}  // namespace

Status checkWritableFile(const std::string& path) {
    VEIL_RETURN_IF_ERROR(checkTarget(path));
    fs::path dir = fs::path(path).parent_path();
    if (dir.empty()) dir = ".";
    // A real probe: permission bits do not tell (root may write anywhere, /proc takes no files).
    std::string probe = (dir / ".veil-write-probe-XXXXXX").string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0) return Status::ioError(path + ": cannot create a file in " + dir.string() + " (" + errnoText() + ")");
    ::close(fd);
    ::unlink(probe.c_str());
    return Status::ok();
}

Status writeFileAtomically(const std::string& path, const std::function<bool(std::ostream&)>& writer) {
    VEIL_RETURN_IF_ERROR(checkTarget(path));  // the temporary file below is the probe itself
    const fs::path target(path);
    fs::path dir = target.parent_path();
    if (dir.empty()) dir = ".";
    std::error_code ec;

    std::random_device rd;
    const fs::path temp = dir / ("." + target.filename().string() + ".tmp-" + std::to_string(rd()));
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            return Status::ioError(path + ": cannot create a temporary file in " + dir.string() + " (" + errnoText() +
                                   ")");
        bool ok = false;
        try {
            ok = writer(out);
        } catch (const std::exception& e) {
            out.close();
            fs::remove(temp, ec);
            return Status::internal(path + ": writing failed: " + e.what());
        }
        out.flush();
        if (!ok || !out) {
            out.close();
            fs::remove(temp, ec);
            return ok ? Status::ioError(path + ": write failed (" + errnoText() + ")")
                      : Status::ioError(path + ": write aborted, the file was left unchanged");
        }
    }
    if (!syncPath(temp.string(), false)) {
        fs::remove(temp, ec);
        return Status::ioError(path + ": cannot flush to disk (" + errnoText() + ")");
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const std::string why = errnoText();
        fs::remove(temp, ec);
        return Status::ioError(path + ": cannot replace the file (" + why + ")");
    }
    syncPath(dir.string(), true);
    return Status::ok();
}

Status writeFileAtomically(const std::string& path, std::string_view contents) {
    return writeFileAtomically(path, [&](std::ostream& out) {
        out.write(contents.data(), std::streamsize(contents.size()));
        return bool(out);
    });
}

Status checkReadableFile(const std::string& path, const std::string& expected) {
    std::error_code ec;
    const auto st = fs::status(path, ec);
    if (ec || !fs::exists(st)) return Status::notFound(path + ": no such file (expected " + expected + ")");
    if (fs::is_directory(st)) return Status::invalidArgument(path + ": is a folder; expected " + expected);
    if (!fs::is_regular_file(st))
        return Status::invalidArgument(path + ": is not a regular file; expected " + expected);
    if (::access(path.c_str(), R_OK) != 0) return Status::ioError(path + ": cannot be read (" + errnoText() + ")");
    return Status::ok();
}

Result<std::string> readWholeFile(const std::string& path, const std::string& expected) {
    VEIL_RETURN_IF_ERROR(checkReadableFile(path, expected));
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::ioError(path + ": cannot open (" + errnoText() + ")");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) return Status::ioError(path + ": read failed");
    return ss.str();
}

}  // namespace veil
