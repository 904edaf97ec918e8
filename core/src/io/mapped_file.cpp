#include "veil/io/mapped_file.h"

#include "veil/common/parallel.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace veil {

namespace {

// Files below this size are mapped with their pages present: every caller reads the whole file,
// and one call maps them for less than a page fault per few pages costs. Larger files are read as
// they are touched, so that their pages can be released after each pass.
constexpr std::size_t kPopulateBelow = std::size_t(64) << 20;

// A file open for reading and its size; closed when it goes out of scope.
struct OpenFile {
    int fd = -1;
    std::size_t size = 0;
    OpenFile(int f, std::size_t n) : fd(f), size(n) {}
    OpenFile(OpenFile&& other) noexcept : fd(std::exchange(other.fd, -1)), size(other.size) {}
    OpenFile(const OpenFile&) = delete;
    OpenFile& operator=(const OpenFile&) = delete;
    OpenFile& operator=(OpenFile&&) = delete;
    ~OpenFile() {
        if (fd >= 0) ::close(fd);
    }
};

Result<OpenFile> openForReading(const std::string& path) {
    OpenFile file(::open(path.c_str(), O_RDONLY), 0);
    if (file.fd < 0) {
        const int err = errno;
        if (err == ENOENT) return Status::notFound(path + ": no such file");
        return Status::ioError(path + ": cannot open (" + std::strerror(err) + ")");
    }
    struct stat st {};
    if (::fstat(file.fd, &st) != 0)
        return Status::ioError(path + ": cannot read file size (" + std::strerror(errno) + ")");
    if (S_ISDIR(st.st_mode)) return Status::ioError(path + ": is a folder, not a file");
    file.size = std::size_t(st.st_size);
    return Result<OpenFile>(std::move(file));
}

// Reads [from, to) of the file into data + from; false with errno set when a read fails.
bool readRange(int fd, char* data, std::size_t from, std::size_t to) {
    while (from < to) {
        const ssize_t got = ::pread(fd, data + from, to - from, off_t(from));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            if (got == 0) errno = EIO;  // the file shrank while it was read
            return false;
        }
        from += std::size_t(got);
    }
    return true;
}

}  // namespace

std::shared_ptr<MappedFile> MappedFile::empty(const std::string& path, std::size_t size) {
    std::shared_ptr<MappedFile> file(new MappedFile);
    file->m_path = path;
    file->m_size = size;
    return file;
}

Result<std::shared_ptr<MappedFile>> MappedFile::open(const std::string& path) {
    auto opened = openForReading(path);
    if (!opened) return opened.status();
    auto file = empty(path, opened->size);
    if (file->m_size > 0) {
        const int populate = file->m_size < kPopulateBelow ? MAP_POPULATE : 0;
        void* p = ::mmap(nullptr, file->m_size, PROT_READ, MAP_PRIVATE | populate, opened->fd, 0);
        if (p == MAP_FAILED) return Status::ioError(path + ": cannot map the file (" + std::strerror(errno) + ")");
        ::madvise(p, file->m_size, MADV_SEQUENTIAL);
        file->m_data = static_cast<const char*>(p);
        file->m_mapped = true;
    }
    return file;
}

Result<std::shared_ptr<MappedFile>> MappedFile::read(const std::string& path, int threads) {
    auto opened = openForReading(path);
    if (!opened) return opened.status();
    auto file = empty(path, opened->size);
    if (file->m_size > 0) {
        char* data = new (std::nothrow) char[file->m_size];
        if (!data) return Status::ioError(path + ": not enough memory to read the file");
        file->m_data = data;
        file->m_read = true;
        // Parts of at least 4 MiB, one per thread.
        const std::size_t parts = std::clamp<std::size_t>(file->m_size >> 22, 1, std::size_t(std::max(1, threads)));
        std::atomic<int> error{0};
        (void)parallelFor(parts, threads, RunContext{}, [&](std::size_t k) {
            const std::size_t from = file->m_size / parts * k;
            const std::size_t to = k + 1 == parts ? file->m_size : file->m_size / parts * (k + 1);
            if (!readRange(opened->fd, data, from, to)) error = errno;
            return Status::ok();
        });
        if (error != 0) return Status::ioError(path + ": cannot read the file (" + std::strerror(error) + ")");
    }
    return file;
}

void MappedFile::release(std::string_view range) const {
    if (!m_mapped || range.empty()) return;
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto from = reinterpret_cast<std::uintptr_t>(range.data());
    const std::uintptr_t begin = (from + page - 1) / page * page, end = (from + range.size()) / page * page;
    const auto lo = reinterpret_cast<std::uintptr_t>(m_data), hi = lo + m_size;
    if (begin < end && begin >= lo && end <= hi)
        ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);  // NOLINT(performance-no-int-to-ptr)
}

MappedFile::~MappedFile() {
    if (m_mapped) ::munmap(const_cast<char*>(m_data), m_size);
    if (m_read) delete[] m_data;
}

}  // namespace veil
