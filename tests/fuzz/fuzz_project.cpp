// libFuzzer target: project files (.veil, SQLite) and ledgers opened from them: any bytes must be
// refused cleanly or opened and read without a crash.
#include "fuzz_support.h"

#include "veil/release/privacy_ledger.h"
#include "veil/release/project_store.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = veil::fuzz::writeTemp(veil::fuzz::bytes(data, size), ".veil");
    ::unlink((path + "-wal").c_str());
    ::unlink((path + "-shm").c_str());
    auto project = veil::release::ProjectStore::open(path, false);
    veil::fuzz::checkError(project.status(), path);
    if (project) {
        auto ledger = veil::release::PrivacyLedger::attach((*project)->database());
        if (ledger) (void)(*ledger)->entries();
    }
    return 0;
}
