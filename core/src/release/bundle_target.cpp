#include "veil/release/bundle_target.h"

#include "veil/common/random.h"
#include "veil/io/atomic_file.h"
#include "veil/release/privacy_ledger.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <regex>
#include <set>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace veil::release {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFolderMarker = ".veil-partial";

std::string randomToken() {
    SecureRandom rng;
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", (unsigned long long)rng.nextU64(),
                  (unsigned long long)rng.nextU64());
    return buf;
}

std::string errnoText() { return std::strerror(errno); }

fs::path markerPath(const fs::path& partial, bool zip) {
    return zip ? partial.parent_path() / (partial.filename().string() + ".veil") : partial / kFolderMarker;
}

bool isZip(const std::string& path) {
    if (path.size() < 4) return false;
    std::string ext = path.substr(path.size() - 4);
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".zip";
}

// The partial a destination may have: ".NAME.partial-<32 hex>" in the same folder.
bool isPartialOf(const fs::path& partial, const fs::path& dir, const std::string& token) {
    static const std::regex hex("[0-9a-f]{32}");
    if (!std::regex_match(token, hex)) return false;
    return partial.parent_path() == dir.parent_path() &&
           partial.filename().string() == "." + dir.filename().string() + ".partial-" + token;
}

bool markerMatches(const fs::path& partial, bool zip, const std::string& token) {
    std::error_code ec;
    const fs::path marker = markerPath(partial, zip);
    if (fs::is_symlink(marker, ec) || !fs::is_regular_file(marker, ec)) return false;
    auto text = readWholeFile(marker.string());
    return text && *text == token + "\n";
}

// rename(2) that fails when `to` exists (a file or a folder, empty or not).
Status renameNoReplace(const fs::path& from, const fs::path& to) {
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return Status::ok();
    if (errno == EEXIST)
        return Status::invalidArgument(to.string() + ": already exists; the release was not put in place");
    return Status::ioError(to.string() + ": cannot put the bundle in place (" + errnoText() + ")");
}

}  // namespace

// flock on ".NAME.lock" beside the destination. Unlinked while still held when released, so a
// waiter that opened the old file sees (by inode) that it lost the race and is refused.
class BundleLock {
public:
    static Result<std::shared_ptr<BundleLock>> acquire(const fs::path& dir) {
        const fs::path path = dir.parent_path() / ("." + dir.filename().string() + ".lock");
        const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) return Status::ioError(path.string() + ": cannot create the lock file (" + errnoText() + ")");
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            ::close(fd);
            return Status::invalidArgument(dir.string() +
                                           ": another release is being written there; choose another "
                                           "destination or wait for it to finish");
        }
        struct stat held {
        }, named{};
        if (::fstat(fd, &held) != 0 || ::stat(path.c_str(), &named) != 0 || held.st_ino != named.st_ino) {
            ::close(fd);
            return Status::invalidArgument(dir.string() + ": another release was just written there");
        }
        return std::shared_ptr<BundleLock>(new BundleLock(path, fd));
    }
    ~BundleLock() {
        if (!m_keep) ::unlink(m_path.c_str());
        ::close(m_fd);
    }
    void keepFile() { m_keep = true; }  // release without removing the file (only looked at)
    BundleLock(const BundleLock&) = delete;
    BundleLock& operator=(const BundleLock&) = delete;

private:
    BundleLock(fs::path path, int fd) : m_path(std::move(path)), m_fd(fd) {}
    fs::path m_path;
    int m_fd;
    bool m_keep = false;
};

Result<BundleTarget> prepareBundleTarget(const std::string& outputDir) {
    if (outputDir.empty()) return Status::invalidArgument("no output folder given");
    const fs::path dir = fs::absolute(outputDir).lexically_normal();
    if (dir.filename().empty() || dir.filename() == "." || dir.filename() == "..")
        return Status::invalidArgument(outputDir + ": name a new folder or .zip file for the release");
    std::error_code ec;
    if (!fs::is_directory(dir.parent_path(), ec))
        return Status::ioError(dir.string() + ": folder " + dir.parent_path().string() + " does not exist");
    auto lock = BundleLock::acquire(dir);
    if (!lock) return lock.status();
    // Checked under the lock: nobody else can be creating it now.
    if (fs::exists(fs::symlink_status(dir, ec)))
        return Status::invalidArgument(dir.string() + ": already exists; choose a new folder for the release");
    BundleTarget t;
    t.dir = dir.string();
    t.token = randomToken();
    t.partial = (dir.parent_path() / ("." + dir.filename().string() + ".partial-" + t.token)).string();
    t.lock = std::move(*lock);
    return t;
}

nlohmann::json bundleDetails(const BundleTarget& t) {
    return {{"bundle", t.dir}, {"partial", t.partial}, {"partial_token", t.token}};
}

Status writePartialMarker(const BundleTarget& t, bool zip) {
    return writeFileAtomically(markerPath(t.partial, zip).string(), t.token + "\n");
}

void removePartialMarker(const std::string& finalPath, const BundleTarget& t, bool zip) {
    std::error_code ec;
    fs::remove(zip ? markerPath(t.partial, true) : fs::path(finalPath) / kFolderMarker, ec);
}

Status putBundleInPlace(const BundleTarget& t) { return renameNoReplace(t.partial, t.dir); }

namespace {

struct RecordedBundle {
    fs::path dir, partial;
    std::string token;
};

std::vector<RecordedBundle> recordedBundles(const std::vector<LedgerEntry>& entries) {
    std::vector<RecordedBundle> out;
    for (const LedgerEntry& e : entries) {
        const auto& d = e.details;
        if (!d.is_object() || !d.contains("bundle") || !d.contains("partial") || !d.contains("partial_token")) continue;
        if (!d["bundle"].is_string() || !d["partial"].is_string() || !d["partial_token"].is_string()) continue;
        out.push_back({fs::path(d["bundle"].get<std::string>()).lexically_normal(),
                       fs::path(d["partial"].get<std::string>()).lexically_normal(),
                       d["partial_token"].get<std::string>()});
    }
    return out;
}

// A recorded bundle whose destination is missing and whose partial is one Veil made for it.
bool recoverable(const RecordedBundle& b) {
    std::error_code ec;
    if (!b.dir.is_absolute() || fs::exists(fs::symlink_status(b.dir, ec))) return false;
    if (!isPartialOf(b.partial, b.dir, b.token)) return false;
    if (!fs::exists(fs::symlink_status(b.partial, ec)) || fs::is_symlink(b.partial, ec)) return false;
    return markerMatches(b.partial, isZip(b.dir.string()), b.token);
}

Status complete(const RecordedBundle& b) {
    const bool zip = isZip(b.dir.string());
    BundleTarget t{b.dir.string(), b.partial.string(), b.token, nullptr};
    VEIL_RETURN_IF_ERROR(renameNoReplace(b.partial, b.dir));
    removePartialMarker(b.dir.string(), t, zip);
    return Status::ok();
}

}  // namespace

Result<int> recoverReleaseBundles(PrivacyLedger& ledger) {
    auto entries = ledger.entries();
    if (!entries) return entries.status();
    int completed = 0;
    for (const auto& b : recordedBundles(*entries)) {
        if (!recoverable(b)) continue;
        // A release still running holds the destination's lock (from its charge to its rename):
        // its partial is not an interrupted one. Checked again under the lock.
        auto lock = BundleLock::acquire(b.dir);
        if (!lock || !recoverable(b)) continue;
        if (Status s = complete(b); !s.isOk())
            return Status(s.code(), b.dir.string() + ": cannot complete the interrupted release (" + s.message() + ")");
        ++completed;
    }
    return completed;
}

Result<std::vector<BundleCheckItem>> checkReleaseBundles(PrivacyLedger& ledger, const std::vector<std::string>& folders,
                                                         bool fix) {
    auto entries = ledger.entries();
    if (!entries) return entries.status();
    std::vector<BundleCheckItem> items;
    std::set<fs::path> known, scan;
    // One spelling per folder: "out/" and "out/." name the folder a recorded bundle's parent names.
    const auto folderKey = [](const fs::path& p) {
        fs::path n = fs::absolute(p).lexically_normal();
        return n.has_filename() || !n.has_parent_path() ? n : n.parent_path();
    };
    for (const auto& f : folders) scan.insert(folderKey(f));
    std::error_code ec;
    for (const auto& b : recordedBundles(*entries)) {
        known.insert(b.partial);
        scan.insert(folderKey(b.dir.parent_path()));
        if (fs::exists(fs::symlink_status(b.dir, ec))) {
            items.push_back({b.dir.string(), "complete", ""});
        } else if (auto lock = recoverable(b) ? BundleLock::acquire(b.dir) : Status::notFound("");  // held below
                   recoverable(b) && !lock) {
            items.push_back({b.dir.string(), "being written (another release holds it now)", ""});
        } else if (recoverable(b)) {
            BundleCheckItem item{b.dir.string(), "recoverable (the ledger entry exists, the rename was interrupted)",
                                 ""};
            if (fix) {
                const Status s = complete(b);
                item.action = s.isOk() ? "completed" : "could not complete: " + s.message();
            }
            items.push_back(std::move(item));
        } else {
            // Charged, then not written (a crash or a kill before the partial was complete), or moved
            // or deleted since: the ledger cannot tell which. The budget stays spent either way.
            items.push_back({b.dir.string(),
                             "missing (charged, then never completed, or moved or deleted since; the spend stands)",
                             ""});
        }
    }
    static const std::regex partialName(R"(\.(.+)\.partial-([0-9a-f]{32}))");
    static const std::regex tempName(R"(\.(.+)\.partial-[0-9a-f]{32}\.tmp-[0-9]+)");
    static const std::regex lockName(R"(\.(.+)\.lock)");
    for (const auto& folder : scan) {
        if (!fs::is_directory(folder, ec)) continue;
        for (const auto& entry : fs::directory_iterator(folder, ec)) {
            const std::string name = entry.path().filename().string();
            std::smatch m;
            if (std::regex_match(name, m, partialName)) {
                if (known.count(entry.path().lexically_normal())) continue;  // recorded: handled above
                const fs::path dest = folder / m[1].str();
                if (!markerMatches(entry.path(), isZip(dest.string()), m[2].str())) continue;  // not Veil's
                BundleCheckItem item{entry.path().string(), "stray partial (no ledger entry: never released)", ""};
                if (fix) {
                    fs::remove_all(entry.path(), ec);
                    fs::remove(markerPath(entry.path(), isZip(dest.string())), ec);
                    item.action = ec ? "could not remove: " + ec.message() : "removed";
                }
                items.push_back(std::move(item));
            } else if (std::regex_match(name, m, lockName) && entry.is_regular_file(ec)) {
                // A lock left by a release that was killed: stale when nobody holds it now.
                auto held = BundleLock::acquire(folder / m[1].str());
                if (!held) continue;  // in use (or not a bundle lock): leave it
                BundleCheckItem item{entry.path().string(), "stale lock file", ""};
                if (fix)
                    item.action = "removed";
                else
                    (*held)->keepFile();
                items.push_back(std::move(item));
            } else if (std::regex_match(name, tempName) && entry.is_regular_file(ec)) {
                BundleCheckItem item{entry.path().string(), "stray temporary file", ""};
                if (fix) {
                    fs::remove(entry.path(), ec);
                    item.action = ec ? "could not remove: " + ec.message() : "removed";
                }
                items.push_back(std::move(item));
            }
        }
    }
    return items;
}

}  // namespace veil::release
