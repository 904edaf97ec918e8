// Finds the data file and the suppressed token of a release bundle (released_table.h).
#include "veil/release/released_table.h"

#include "veil/anonymity/risk.h"
#include "veil/io/json_file.h"

#include <algorithm>
#include <string_view>
#include <fstream>
#include <filesystem>
#include <system_error>

namespace veil::release {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The names of the bundle's files of this media type, in manifest order.
std::vector<std::string> filesOfType(const json& manifest, const std::string& mediaType) {
    std::vector<std::string> names;
    const json files = manifest.value("files", json::array());
    if (!files.is_array()) return names;
    for (const auto& f : files)
        if (f.is_object() && f.value("media_type", std::string()) == mediaType && f.contains("name") &&
            f["name"].is_string())
            names.push_back(f["name"].get<std::string>());
    return names;
}

Result<ReleasedTable> fromManifest(const fs::path& manifestPath, const std::string& dataFile) {
    auto manifest = readJsonObjectFile(manifestPath.string(), "a release bundle's manifest (JSON)");
    if (!manifest) return manifest.status();
    ReleasedTable out;
    out.manifestPath = manifestPath.string();
    std::string data = dataFile;
    if (data.empty()) {
        const auto csvs = filesOfType(*manifest, "text/csv");
        if (csvs.empty())
            return Status::notFound(out.manifestPath + ": the bundle holds no table (no text/csv file in \"files\")");
        data = csvs.front();
    }
    out.dataPath = (manifestPath.parent_path() / data).string();
    const json summary = manifest->value("summary", json::object());
    if (summary.is_object() && summary.contains("suppressed_token") && summary["suppressed_token"].is_string())
        out.suppressedToken = summary["suppressed_token"].get<std::string>();
    else if (manifest->value("kind", std::string()) == "anonymization")
        out.suppressedToken = std::string(anonymity::kSuppressedToken);
    out.suppressedMatchesAny = summary.is_object() && summary.value("local_suppression_semantics", "") == "wildcard";
    if (summary.is_object() && summary.contains("quasi_identifiers") && summary["quasi_identifiers"].is_array())
        for (const auto& q : summary["quasi_identifiers"])
            if (q.is_string()) out.quasiIdentifiers.push_back(q.get<std::string>());
    return out;
}

}  // namespace

Result<std::optional<ReleasedTable>> findReleasedTable(const std::string& path) {
    std::error_code ec;
    const fs::path p(path);
    if (fs::is_directory(p, ec)) {
        if (!fs::is_regular_file(p / "manifest.json", ec))
            return Status::invalidArgument(path +
                                           ": a folder, not a table (a release bundle folder holds manifest.json)");
        auto table = fromManifest(p / "manifest.json", {});
        if (!table) return table.status();
        return std::optional<ReleasedTable>(std::move(*table));
    }
    if (p.extension() == ".zip" && fs::is_regular_file(p, ec)) {
        std::ifstream in(p, std::ios::binary);
        char magic[4] = {};
        in.read(magic, 4);
        if (in.gcount() == 4 && std::string_view(magic, 4) == std::string_view("PK\x03\x04", 4))
            return Status::invalidArgument(path +
                                           ": a zipped release bundle; unzip it and give its folder (or the "
                                           "manifest.json or data file in it)");
    }
    if (p.filename() == "manifest.json") {
        auto table = fromManifest(p, {});
        if (!table) return table.status();
        return std::optional<ReleasedTable>(std::move(*table));
    }
    const fs::path sibling = p.parent_path().empty() ? fs::path("manifest.json") : p.parent_path() / "manifest.json";
    if (!fs::is_regular_file(p, ec) || !fs::is_regular_file(sibling, ec)) return std::optional<ReleasedTable>();
    auto manifest = readJsonObjectFile(sibling.string(), "a release bundle's manifest (JSON)");
    if (!manifest) return std::optional<ReleasedTable>();  // a stray manifest.json beside a table: not a bundle
    const auto csvs = filesOfType(*manifest, "text/csv");
    if (std::find(csvs.begin(), csvs.end(), p.filename().string()) == csvs.end()) return std::optional<ReleasedTable>();
    auto table = fromManifest(sibling, p.filename().string());
    if (!table) return table.status();
    table->dataPath = path;
    return std::optional<ReleasedTable>(std::move(*table));
}

}  // namespace veil::release
