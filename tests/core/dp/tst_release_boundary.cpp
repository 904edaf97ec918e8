// The privacy boundary, checked on the source tree (issue 13, finding 5): noise is drawn in one
// place. The raw samplers (core/src/dp/detail/samplers.h) are private to core/src/dp; every other
// module draws through the mechanisms; the CLI and the window never construct a mechanism (the
// teaching demos on bundled public samples excepted) and never record a ledger entry themselves:
// they go through the release gate. A rule broken by a new file fails here with its path and line.
#include <QtTest/QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = fs::path(VEIL_SAMPLES_DIR).parent_path().parent_path();

struct Hit {
    std::string file;
    int line;
    std::string text;
};

// Lines matching `pattern` in the C++ files under `folders` whose path (relative to the root,
// '/'-separated) does not start with one of `allowed`. Comment lines are skipped. Every match
// contains one of `needles`, so only lines containing one are given to std::regex (slow, and
// 40 times slower in the sanitizer build).
std::vector<Hit> scan(const std::vector<std::string>& folders, const std::regex& pattern,
                      const std::vector<std::string>& needles, const std::vector<std::string>& allowed) {
    std::vector<Hit> hits;
    for (const auto& folder : folders) {
        for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
            const auto ext = entry.path().extension();
            if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
            const std::string rel = fs::relative(entry.path(), kRoot).generic_string();
            bool skip = false;
            for (const auto& a : allowed) skip = skip || rel.rfind(a, 0) == 0;
            if (skip) continue;
            std::ifstream in(entry.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n) {
                const auto first = line.find_first_not_of(" \t");
                if (first != std::string::npos && line.compare(first, 2, "//") == 0) continue;
                const bool candidate = std::any_of(needles.begin(), needles.end(), [&](const std::string& s) {
                    return line.find(s) != std::string::npos;
                });
                if (candidate && std::regex_search(line, pattern)) hits.push_back({rel, n, line});
            }
        }
    }
    return hits;
}

QString describe(const std::vector<Hit>& hits) {
    QStringList lines;
    for (const auto& h : hits)
        lines << QStringLiteral("%1:%2: %3")
                     .arg(QString::fromStdString(h.file))
                     .arg(h.line)
                     .arg(QString::fromStdString(h.text).trimmed());
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

class TestReleaseBoundary : public QObject {
    Q_OBJECT

private slots:
    void treeIsThere() { QVERIFY2(fs::exists(kRoot / "core/src/dp/samplers.cpp"), kRoot.string().c_str()); }

    void samplersArePrivateToDp() {
        // bench/ measures the samplers themselves (bench_dp); nothing else may include them.
        const auto hits = scan({"core", "app", "ui", "bench"}, std::regex(R"(dp/detail/samplers\.h)"), {"samplers.h"},
                               {"core/src/dp/", "bench/bench_dp.cpp"});
        QVERIFY2(hits.empty(), qPrintable(describe(hits)));
    }

    void noiseIsDrawnOnlyInDp() {
        const std::regex sampler(
            R"(\b(addSnappedLaplace|addSnappedGaussian|addGeometricNoise|sampleLaplace|sampleGaussian|sampleGeometric|snappedLaplaceScale)\s*\()");
        const auto hits = scan({"core", "app", "ui"}, sampler, {"add", "sample", "snapped"}, {"core/src/dp/"});
        QVERIFY2(hits.empty(), qPrintable(describe(hits)));
    }

    void facesDoNotBuildMechanisms() {
        const std::regex mechanism(
            R"(\b(LaplaceMechanism|GeometricMechanism|GaussianMechanism|TruncatedGeometricMechanism|ExponentialQuantile|SmoothSensitivityQuantile|RandomizedResponse|SparseVector|ReportNoisyMax)::create\b)");
        // The demos teach on bundled public samples and say so (seeded, teaching banners).
        const auto hits = scan({"app", "ui"}, mechanism, {"::create"}, {"ui/views/demos/"});
        QVERIFY2(hits.empty(), qPrintable(describe(hits)));
    }

    void facesDoNotWriteTheLedger() {
        const auto hits =
            scan({"app", "ui"}, std::regex(R"(\brecordRelease\s*\(|LedgerEntry\s+\w+\s*[;{]|\.charge\s*\()"),
                 {"recordRelease", "LedgerEntry", ".charge"}, {"ui/workbench/release_session.cpp"});
        QVERIFY2(hits.empty(), qPrintable(describe(hits)));
    }

    void facesMakeNoTeachingGatesExceptDemos() {
        // A teaching gate charges nothing: the faces get one from the window's session or the
        // CLI's --teaching only, never by constructing it.
        const auto hits = scan({"app", "ui"}, std::regex(R"(ReleaseGate::teaching\s*\()"), {"ReleaseGate::teaching"},
                               {"ui/views/demos/"});
        QVERIFY2(hits.empty(), qPrintable(describe(hits)));
    }
};

QTEST_MAIN(TestReleaseBoundary)
#include "tst_release_boundary.moc"
