// MappedFile: a read-only memory map of a whole file (empty files map to an empty view).
#pragma once

#include "veil/common/status.h"

#include <memory>
#include <string>
#include <string_view>

namespace veil {

class MappedFile {
public:
    static Result<std::shared_ptr<MappedFile>> open(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view bytes() const { return {m_data, m_size}; }
    const std::string& path() const { return m_path; }
    // Tells the kernel this process is done with the whole pages inside `range` (a part of
    // bytes()): they leave its resident memory and are read again, from the page cache, if touched.
    void release(std::string_view range) const;

private:
    MappedFile() = default;
    std::string m_path;
    const char* m_data = nullptr;
    std::size_t m_size = 0;
    bool m_mapped = false;
};

}  // namespace veil
