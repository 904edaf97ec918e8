#include "veil/release/release_bundle.h"

#include "veil/common/version.h"
#include "veil/io/atomic_file.h"
#include "veil/io/hash.h"
#include "veil/io/safe_name.h"
#include "veil/release/project_store.h"

#include "release/detail/zip_archive.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

namespace veil::release {

namespace fs = std::filesystem;
using nlohmann::json;

bool isZipBundlePath(const std::string& path) {
    if (path.size() < 4) return false;
    std::string ext = path.substr(path.size() - 4);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext == ".zip";
}

json buildManifest(const ReleaseOutcome& o, const std::string& created) {
    json files = json::array();
    for (const auto& f : o.files)
        files.push_back({{"name", f.fileName},
                         {"media_type", f.mediaType},
                         {"sha256", sha256Hex(f.contents)},
                         {"bytes", f.contents.size()}});
    json m = {{"veil_manifest", 1},
              {"title", o.title},
              {"kind", o.kind},
              {"created", created.empty() ? utcNowIso8601() : created},
              {"veil_version", versionString()},
              {"input", {{"path", o.inputPath}, {"dataset", o.datasetKey}}},
              {"plan", o.plan},
              {"files", files},
              {"summary", o.summary},
              {"mechanism", o.mechanism},
              {"guarantee", o.guarantee},
              {"randomness", {{"policy", o.seeded ? "seeded" : "secure"}, {"source", o.randomness}}}};
    if (!o.exactAggregates.is_null()) m["exact_aggregates"] = o.exactAggregates;
    if (!o.engine.is_null()) m["engine"] = o.engine;
    if (!o.warnings.empty()) m["warnings"] = o.warnings;
    if (!o.neighbouring.empty()) {
        m["privacy"] = {{"epsilon", o.epsilon}, {"delta", o.delta}, {"rho", o.rho}, {"neighbouring", o.neighbouring}};
        if (o.receipt) {
            m["privacy"]["private"] = o.receipt->isPrivate;
            m["privacy"]["mode"] = dp::releaseModeName(o.receipt->mode);
            m["privacy"]["seeded"] = o.receipt->seeded;
            if (!o.receipt->citation.empty()) m["privacy"]["citation"] = o.receipt->citation;
        }
    } else {
        m["privacy"] = {{"epsilon", 0.0}, {"delta", 0.0}, {"neighbouring", nullptr}, {"model", "syntactic"}};
    }
    return m;
}

namespace {

// The input named by the ledger's keyed fingerprint of its SHA-256 (the plain hash is a function of
// the private data that anyone could test guesses against). A release on exact aggregates has them
// as its input: their block names them by the same fingerprint.
Status addFingerprints(const ReleaseOutcome& o, PrivacyLedger& ledger, json& manifest) {
    if (o.inputSha256.empty()) return Status::ok();
    auto input = ledger.fingerprint(o.inputSha256);
    if (!input) return input.status();
    manifest["input"]["fingerprint"] = *input;
    if (manifest.contains("exact_aggregates")) manifest["exact_aggregates"]["fingerprint"] = *input;
    return Status::ok();
}

// Everything the bundle holds, in the order it is written (the same for a folder and a zip).
Result<std::vector<detail::ZipEntry>> bundleEntries(const ReleaseOutcome& o, const json& manifest,
                                                    const BundleOptions& options) {
    std::vector<detail::ZipEntry> entries;
    for (const auto& f : o.files) entries.push_back({f.fileName, f.contents});
    entries.push_back({"manifest.json", manifest.dump(2) + "\n"});
    std::string html = renderReportHtml(o, manifest);
    if (options.renderPdf) {
        auto pdf = options.renderPdf(html);
        if (!pdf) return Status(pdf.status().code(), "report.pdf: " + pdf.status().message());
        entries.push_back({"report.html", std::move(html)});
        entries.push_back({"report.pdf", std::move(*pdf)});
    } else {
        entries.push_back({"report.html", std::move(html)});
    }
    return entries;
}

Status writeFolder(const fs::path& dir, const std::vector<detail::ZipEntry>& entries) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Status::ioError(dir.string() + ": cannot create the folder (" + ec.message() + ")");
    for (const auto& e : entries) VEIL_RETURN_IF_ERROR(writeFileAtomically((dir / e.name).string(), e.contents));
    return Status::ok();
}

Status writeZip(const fs::path& file, const std::vector<detail::ZipEntry>& entries) {
    auto bytes = detail::buildZipArchive(entries);
    if (!bytes) return Status(bytes.status().code(), file.string() + ": " + bytes.status().message());
    return writeFileAtomically(file.string(), *bytes);
}

}  // namespace

Result<BundleResult> writeReleaseBundle(const ReleaseOutcome& o, const BundleOptions& options) {
    if (!options.ledger) return Status::invalidArgument("a release bundle needs a privacy ledger");
    for (const auto& f : o.files)
        if (!isSafeFileName(f.fileName) || f.fileName == "manifest.json" || f.fileName.rfind("report.", 0) == 0)
            return Status::internal("unsafe or reserved file name in a release: '" + f.fileName + "'");
    // The destination, locked (prepared by the caller before charging, or here).
    std::optional<BundleTarget> own;
    const BundleTarget* target = options.target;
    if (!target) {
        auto prepared = prepareBundleTarget(options.outputDir);
        if (!prepared) return prepared.status();
        own = std::move(*prepared);
        target = &*own;
    }
    const bool zip = isZipBundlePath(target->dir);
    const fs::path dir = target->dir;
    std::error_code ec;
    // A differentially private outcome is charged by the release gate before it is computed.
    std::optional<std::int64_t> recorded = options.recordedEntry;
    if (o.receipt) {
        if (o.receipt->mode == dp::ReleaseMode::Teaching)
            return Status::invalidArgument("teaching mode is not private: it can never make a release bundle");
        if (!recorded) recorded = o.receipt->ledgerEntry;
    }
    if (!o.neighbouring.empty() && !recorded)
        return Status::invalidArgument(
            "a differentially private release must be charged in the ledger before it is bundled");

    BundleResult result;
    result.dir = dir.string();
    json manifest = buildManifest(o, options.created);
    VEIL_RETURN_IF_ERROR(addFingerprints(o, *options.ledger, manifest));

    // What the budget looks like with this release (a syntactic one spends nothing; a private one
    // is already in the ledger).
    auto composed = options.ledger->composed(o.datasetKey);
    const dp::PrivacySpend spent = composed ? composed->total : dp::PrivacySpend{};
    if (auto budget = options.ledger->budget(o.datasetKey); budget && budget->has_value()) {
        const double total = (*budget)->total.epsilon;
        manifest["budget"] = {{"dataset", o.datasetKey},
                              {"total_epsilon", total},
                              {"spent_epsilon", spent.epsilon},
                              {"spent_delta", spent.delta},
                              {"remaining_epsilon", std::max(0.0, total - spent.epsilon)}};
    } else {
        manifest["budget"] = {{"dataset", o.datasetKey},
                              {"total_epsilon", nullptr},
                              {"spent_epsilon", spent.epsilon},
                              {"spent_delta", spent.delta}};
    }
    if (composed) manifest["budget"]["composition"] = composed->route;

    if (recorded) manifest["ledger_entry"] = *recorded;

    auto entries = bundleEntries(o, manifest, options);
    if (!entries) return entries.status();
    const fs::path partial = target->partial;
    auto discard = [&] {
        fs::remove_all(partial, ec);
        removePartialMarker(dir.string(), *target, zip);
    };
    Status written = zip ? writeZip(partial, *entries) : writeFolder(partial, *entries);
    if (written.isOk()) written = writePartialMarker(*target, zip);
    if (!written.isOk()) {
        discard();
        return written;
    }
    if (options.crashPoint == BundleOptions::CrashPoint::AfterPartialWritten)
        return Status::internal("simulated crash");

    if (recorded) {  // nothing to record: the bundle only describes the recorded release
        result.ledgerEntry = *recorded;
        if (Status s = putBundleInPlace(*target); !s.isOk()) {
            discard();
            return s;
        }
        removePartialMarker(dir.string(), *target, zip);
        result.manifest = std::move(manifest);
        return result;
    }

    LedgerEntry entry;
    entry.dataset = o.datasetKey;
    entry.release = o.title;
    entry.mechanism = o.mechanism;
    entry.neighbouring = o.neighbouring.empty() ? "none (syntactic)" : o.neighbouring;
    entry.epsilon = o.epsilon;
    entry.delta = o.delta;
    entry.details = bundleDetails(*target);
    entry.details["kind"] = o.kind;
    entry.details["input_sha256"] = o.inputSha256;
    entry.details["seeded"] = o.seeded;
    auto id = options.ledger->recordRelease(entry);
    if (!id) {
        discard();
        return id.status();
    }
    result.ledgerEntry = *id;
    if (options.crashPoint == BundleOptions::CrashPoint::AfterLedgerCommitted)
        return Status::internal("simulated crash");

    if (Status s = putBundleInPlace(*target); !s.isOk())
        return Status(s.code(), s.message() + "; the release is recorded: `veil-cli ledger check --fix` completes it");
    removePartialMarker(dir.string(), *target, zip);
    result.manifest = std::move(manifest);
    result.manifest["ledger_entry"] = *id;  // for the caller (the file cannot know it: it is written first)
    return result;
}

}  // namespace veil::release
