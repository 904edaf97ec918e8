// MappedFile: the bytes of a whole file, read-only: mapped in place (open), or read into memory on
// several threads (read) for a reader that passes over them more than once. On the 2-core VM of CI
// a mapped page costs a trap on its first access: the first pass over 10x adult's 25 MB took 7.5 ms
// where a later one takes 0.6, while reading the file on two threads takes about 2.
// Empty files give an empty view.
#pragma once

#include "veil/common/status.h"

#include <memory>
#include <string>
#include <string_view>

namespace veil {

class MappedFile {
public:
    static Result<std::shared_ptr<MappedFile>> open(const std::string& path);
    // The file read into memory on `threads` threads (its size in memory as well as on disk).
    static Result<std::shared_ptr<MappedFile>> read(const std::string& path, int threads);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view bytes() const { return {m_data, m_size}; }
    const std::string& path() const { return m_path; }
    // Tells the kernel this process is done with the whole pages inside `range` (a part of
    // bytes()): they leave its resident memory and are read again, from the page cache, if touched.
    // Nothing for a file read into memory.
    void release(std::string_view range) const;

private:
    MappedFile() = default;
    // A file of `size` bytes with no bytes attached yet.
    static std::shared_ptr<MappedFile> empty(const std::string& path, std::size_t size);
    std::string m_path;
    const char* m_data = nullptr;
    std::size_t m_size = 0;
    bool m_mapped = false;
    bool m_read = false;  // read into memory (new[])
};

}  // namespace veil
