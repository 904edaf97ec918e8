// The release report: one self-contained HTML page (inline CSS and SVG charts) with the key
// numbers and a plain-language account of the guarantee. The window prints it to PDF with Qt.
#include "veil/release/release_bundle.h"

#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace veil::release {

namespace {

std::string escape(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string jsonText(const nlohmann::json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_float()) return formatNumber(v.get<double>());
    if (v.is_array() || v.is_object()) {  // a key number made of parts: "a = 1, b = 2" or "x, y"
        std::string out;
        for (const auto& [key, item] : v.items()) {
            if (!out.empty()) out += ", ";
            out += v.is_object() ? key + " = " + jsonText(item) : jsonText(item);
        }
        return out;
    }
    if (v.is_null()) return "not defined";
    return v.dump();
}

// A bar's value label: 6 significant digits, so that it fits beside the longest bar.
std::string shortNumber(double v) {
    std::ostringstream s;
    s << std::setprecision(6) << v;
    return s.str();
}

// Horizontal bar chart as inline SVG.
std::string svgBars(const ChartSeries& c) {
    const int barH = 22, gap = 6, labelW = 170, width = 640;
    const int n = int(c.labels.size());
    const int height = n * (barH + gap) + 30;
    double maxV = 0;
    for (double v : c.values) maxV = std::max(maxV, std::abs(v));
    if (maxV <= 0) maxV = 1;
    std::ostringstream s;
    s << "<svg xmlns='http://www.w3.org/2000/svg' width='" << width << "' height='" << height
      << "' role='img' aria-label='" << escape(c.title) << "'>";
    for (int i = 0; i < n; ++i) {
        const double v = c.values[std::size_t(i)];
        const int y = 10 + i * (barH + gap);
        const int w = int((width - labelW - 80) * std::abs(v) / maxV);
        s << "<text x='" << labelW - 8 << "' y='" << y + 15 << "' text-anchor='end' font-size='12'>"
          << escape(c.labels[std::size_t(i)]) << "</text>";
        s << "<rect x='" << labelW << "' y='" << y << "' width='" << std::max(w, 1) << "' height='" << barH
          << "' fill='#3b6ea5'/>";
        s << "<text x='" << labelW + w + 6 << "' y='" << y + 15 << "' font-size='12'>" << escape(shortNumber(v))
          << "</text>";
    }
    s << "</svg>";
    return s.str();
}

// " (fingerprint hmac-sha256:0123456789ab…)" when the manifest names the input by one.
std::string inputFingerprint(const nlohmann::json& manifest) {
    if (!manifest.contains("input") || !manifest["input"].contains("fingerprint")) return {};
    const std::string f = manifest["input"]["fingerprint"].get<std::string>();
    return " (fingerprint <code>" + escape(f.substr(0, 24)) + "…</code>, keyed by the ledger)";
}

}  // namespace

std::string renderReportHtml(const ReleaseOutcome& o, const nlohmann::json& manifest) {
    std::ostringstream h;
    h << "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>" << escape(o.title) << "</title>\n"
      << "<style>body{font-family:sans-serif;max-width:820px;margin:2em auto;color:#222;line-height:1.45}"
         "h1{font-size:1.6em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}"
         "table{border-collapse:collapse}td,th{padding:4px 10px;border-bottom:1px solid #eee;text-align:left}"
         ".guarantee{background:#eef4fb;border-left:4px solid #3b6ea5;padding:10px 14px}"
         ".seeded{background:#fdecea;border-left:4px solid #c0392b;padding:10px 14px}</style></head><body>\n";
    h << "<h1>" << escape(o.title) << "</h1>\n";
    h << "<p>Released " << escape(jsonText(manifest.value("created", nlohmann::json("")))) << " with Veil "
      << escape(jsonText(manifest.value("veil_version", nlohmann::json("")))) << " from <code>" << escape(o.inputPath)
      << "</code>" << inputFingerprint(manifest) << ".</p>\n";
    if (o.seeded)
        h << "<p class='seeded'><b>Seeded randomness:</b> this release used a fixed seed (" << escape(o.randomness)
          << "). Its noise can be reproduced by anyone who knows the seed: it is a demonstration, not a private "
             "release.</p>\n";
    h << "<h2>What is guaranteed</h2>\n<p class='guarantee'>" << escape(o.guarantee) << "</p>\n";
    if (!o.warnings.empty()) {
        h << "<h2>Warnings</h2>\n<ul>";
        for (const auto& w : o.warnings) h << "<li>" << escape(w) << "</li>";
        h << "</ul>\n";
    }
    h << "<h2>How</h2>\n<table><tr><th>Method</th><td>" << escape(o.mechanism) << "</td></tr>";
    if (!o.neighbouring.empty())
        h << "<tr><th>Privacy budget spent</th><td>&epsilon; = " << escape(formatNumber(o.epsilon))
          << ", &delta; = " << escape(formatNumber(o.delta)) << "</td></tr><tr><th>Neighbouring datasets</th><td>"
          << (o.neighbouring == "replace" ? "differ by replacing one record"
              : o.neighbouring == "edge"  ? "graphs that differ in one edge"
              : o.neighbouring == "node"  ? "graphs that differ in one node and its edges"
                                          : "differ by adding or removing one record")
          << "</td></tr>";
    if (manifest.contains("budget") && manifest["budget"].contains("remaining_epsilon"))
        h << "<tr><th>Budget left on this dataset</th><td>&epsilon; = "
          << escape(jsonText(manifest["budget"]["remaining_epsilon"])) << " of "
          << escape(jsonText(manifest["budget"]["total_epsilon"])) << "</td></tr>";
    h << "<tr><th>Randomness</th><td>" << escape(o.randomness) << "</td></tr></table>\n";
    h << "<h2>Key numbers</h2>\n<table>";
    for (const auto& [key, value] : o.summary.items())
        h << "<tr><th>" << escape(key) << "</th><td>" << escape(jsonText(value)) << "</td></tr>";
    h << "</table>\n";
    for (const ChartSeries& c : o.charts) h << "<h2>" << escape(c.title) << "</h2>\n" << svgBars(c) << "\n";
    for (const ReportFigure& f : o.figures) h << "<h2>" << escape(f.title) << "</h2>\n" << f.svg << "\n";
    h << "<h2>Files</h2>\n<ul>";
    for (const auto& f : o.files)
        h << "<li><code>" << escape(f.fileName) << "</code> (" << f.contents.size() << " bytes)</li>";
    h << "<li><code>manifest.json</code>: exactly what was done, with hashes</li></ul>\n</body></html>\n";
    return h.str();
}

}  // namespace veil::release
