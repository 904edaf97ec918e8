#include "views/anonymization/anonymization_release.h"

#include "workbench/local_path.h"
#include "charts/anonymization/class_size_chart_builder.h"
#include "views/anonymization/algorithm_choice.h"
#include "views/anonymization/anonymization_state.h"
#include "workbench/release_session.h"
#include "views/release/view_release.h"

#include "veil/common/validate.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/table/csv_reader.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QObject>
#include <QPainter>

#include <cctype>

namespace veil::ui {

namespace {

using nlohmann::json;

// A file name for a column's hierarchy inside the bundle (letters, digits, '-',
// '_' and '.').
std::string hierarchyFileName(const std::string& column, const std::string& prefix) {
    std::string name = prefix;
    for (unsigned char ch : column) name += (std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.') ? char(ch) : '_';
    return name + ".csv";
}

std::string lDiversityText(const anonymity::LDiversity& l) {
    const std::string variant = anonymity::lDiversityVariantName(l.variant);
    if (l.variant == anonymity::LDiversityVariant::Recursive)
        return variant + ":" + formatNumber(l.c) + ":" + formatNumber(l.l);
    return variant + ":" + formatNumber(l.l);
}

// The view's class-size chart (sizes on a log axis, k as a line), drawn for the
// report.
release::ReportFigure classSizeFigure(const AnonymizationRun& run) {
    QChartView view(ClassSizeChartBuilder::build(run.result.classes, run.config.models.k));
    view.setRenderHint(QPainter::Antialiasing);
    view.resize(640, 360);
    view.setAttribute(Qt::WA_DontShowOnScreen);  // laid out at its size, never on screen
    view.show();
    view.chart()->layout()->activate();
    return {
        "Equivalence class sizes, smallest first (every kept class is on or "
        "above the k line)",
        pictureSvg(view.size(), QObject::tr("Equivalence class sizes"), [&view](QPainter& p) { view.render(&p); })};
}

}  // namespace

char csvDelimiterOf(const std::string& path) {
    QFile file(QFile::decodeName(path.c_str()));
    if (!file.open(QIODevice::ReadOnly)) return ',';
    const QByteArray head = file.read(64 * 1024);
    const char d = detectDelimiter(std::string_view(head.constData(), std::size_t(head.size())));
    return d ? d : ',';
}

json anonymizationPlanJson(const AnonymizationRun& run, char delimiter,
                           const std::map<std::string, std::string>& hierarchyFiles) {
    const auto& c = run.config;
    json dataset = {
        {"path", run.inputPath.isEmpty() ? std::string() : localPath(QFileInfo(run.inputPath).absoluteFilePath())}};
    if (delimiter) dataset["delimiter"] = delimiter == '\t' ? std::string("\\t") : std::string(1, delimiter);
    json qis = json::array();
    json hierarchies = json::object();
    for (const auto& qi : c.quasiIdentifiers) {
        qis.push_back(qi.column);
        if (auto it = hierarchyFiles.find(qi.column); it != hierarchyFiles.end()) hierarchies[qi.column] = it->second;
    }
    json plan = {{"kind", "anonymization"},
                 {"name", c.models.describe() + " of " + QFileInfo(run.inputPath).fileName().toStdString() +
                              " (from the Anonymize view)"},
                 {"dataset", dataset},
                 {"quasi_identifiers", qis},
                 {"hierarchies", hierarchies},
                 {"k", c.models.k},
                 {"suppression", c.suppressionLimit},
                 {"metric", anonymity::metricName(c.metric)},
                 {"algorithm", algorithmPlanName(c.algorithm)}};
    if (c.algorithm == anonymity::Algorithm::LocalRecoding) {
        plan["gs_factor"] = c.localRecoding.gsFactor;
        plan["iterations"] = c.localRecoding.iterations;
        plan["adaption"] = c.localRecoding.adaptionFactor;
    }
    if (c.localSuppression) {
        plan["local_suppression"] = anonymity::localSuppressionMethodName(c.localSuppression->method);
        plan["local_suppression_semantics"] = anonymity::localSuppressionSemanticsName(c.localSuppression->semantics);
        plan["local_suppression_time_limit"] = c.localSuppression->timeLimitSeconds;
        plan["local_suppression_max_records"] = c.localSuppression->maxRecords;
    }
    if (c.sensitive) plan["sensitive"] = *c.sensitive;
    if (c.models.lDiversity) plan["l_diversity"] = lDiversityText(*c.models.lDiversity);
    if (c.models.tCloseness)
        plan["t_closeness"] = std::string(anonymity::tClosenessVariantName(c.models.tCloseness->variant)) + ":" +
                              formatNumber(c.models.tCloseness->t);
    if (auto it = hierarchyFiles.find(std::string()); it != hierarchyFiles.end())
        plan["sensitive_hierarchy"] = it->second;
    // A node the user applied from the lattice (levels in the table's column
    // order, as core's).
    if (c.transformation && c.algorithm == anonymity::Algorithm::Optimal)
        plan["transformation"] = run.result.transformation;
    return plan;
}

release::ReleaseOutcome anonymizationReleaseOutcome(const AnonymizationRun& run) {
    const auto& c = run.config;
    // The hierarchies exactly as used (edited or built in the window too), for
    // the plan to name.
    std::vector<release::ReleaseArtifact> extra;
    std::map<std::string, std::string> files;
    for (const auto& qi : c.quasiIdentifiers) {
        if (!qi.hierarchy) continue;
        files[qi.column] = hierarchyFileName(qi.column, "hierarchy-");
        extra.push_back({files[qi.column], hierarchy::formatHierarchyCsv(*qi.hierarchy), "text/csv"});
    }
    if (c.sensitive && c.sensitiveHierarchy) {
        files[std::string()] = hierarchyFileName(*c.sensitive, "sensitive-hierarchy-");
        extra.push_back({files[std::string()], hierarchy::formatHierarchyCsv(*c.sensitiveHierarchy), "text/csv"});
    }
    const std::string path = localPath(run.inputPath);
    const char delimiter = run.inputPath.isEmpty() ? ',' : csvDelimiterOf(path);
    release::AnonymizationInput input;
    input.plan = anonymizationPlanJson(run, delimiter, files);
    input.path = run.inputPath.isEmpty() ? std::string("untitled") : path;
    input.records = run.input.rowCount();
    input.delimiter = delimiter;
    release::ReleaseOutcome outcome = release::anonymizationOutcome(input, c, run.result);
    describeInput(outcome, run.inputPath, datasetKeyForPath(run.inputPath));
    // plan.json beside the data reruns with `veil-cli release plan.json`
    // (hierarchy paths are relative to it).
    outcome.files.push_back({"plan.json", input.plan.dump(2) + "\n", "application/json"});
    for (auto& f : extra) outcome.files.push_back(std::move(f));
    outcome.figures.push_back(classSizeFigure(run));
    return outcome;
}

}  // namespace veil::ui
