#include "veil/io/mapped_file.h"

#include <cerrno>
#include <cstdint>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace veil {

Result<std::shared_ptr<MappedFile>> MappedFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT) return Status::notFound(path + ": no such file");
        return Status::ioError(path + ": cannot open (" + std::strerror(err) + ")");
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return Status::ioError(path + ": cannot read file size (" + std::strerror(err) + ")");
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return Status::ioError(path + ": is a folder, not a file");
    }
    std::shared_ptr<MappedFile> file(new MappedFile);
    file->m_path = path;
    file->m_size = std::size_t(st.st_size);
    if (file->m_size > 0) {
        void* p = ::mmap(nullptr, file->m_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            const int err = errno;
            ::close(fd);
            return Status::ioError(path + ": cannot map the file (" + std::strerror(err) + ")");
        }
        ::madvise(p, file->m_size, MADV_SEQUENTIAL);
        file->m_data = static_cast<const char*>(p);
        file->m_mapped = true;
    }
    ::close(fd);
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
}

}  // namespace veil
