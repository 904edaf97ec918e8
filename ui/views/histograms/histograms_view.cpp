#include "views/histograms/histograms_view.h"

#include "workbench/local_path.h"

#include "charts/histograms/histogram_bars_chart_builder.h"
#include "charts/histograms/strategy_error_chart_builder.h"
#include "document/document.h"
#include "views/histograms/strategy_error_model.h"
#include "charts/widget_export.h"
#include "jobs/core_job.h"
#include "views/mechanisms/dp_parameters.h"
#include "views/mechanisms/epsilon_slider.h"
#include "views/mechanisms/ledger_session.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/dp/counts_loader.h"
#include "veil/dp/range_workload.h"
#include "veil/table/column_summary.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <memory>

namespace veil::ui {

namespace {
QChartView* chartView(const QString& name, QWidget* parent) {
    auto* view = new QChartView(new QChart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(420, 260);
    installExportMenu(view, name);
    return view;
}
}  // namespace

HistogramsView::HistogramsView(WorkbenchContext& context, QWidget* parent)
    : QWidget(parent), m_context(context), m_params(new DpParameters(this)) {
    setObjectName(QStringLiteral("histograms-view"));
    m_job = new CoreJob(context.jobs, this);
    m_errors = new StrategyErrorModel(this);
    const struct { const char* key; QVariant value; } defaults[] = {
        {"source", QStringLiteral("column")}, {"column", QString()}, {"bins", 20}, {"strategy", QStringLiteral("identity")},
        {"branching", 2}, {"consistency", true}, {"rounds", 10}, {"epsilon", 0.1}, {"trials", 5}, {"seeded", false}, {"seed", 42}};
    for (const auto& d : defaults) m_params->setValue(QString::fromLatin1(d.key), d.value);

    auto* controls = new QWidget(this);
    buildControls(controls);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(360);

    m_barsView = chartView(QStringLiteral("histogram-bars"), this);
    m_errorView = chartView(QStringLiteral("strategy-errors"), this);
    m_errorTable = new QTableView(this);
    m_errorTable->setObjectName(QStringLiteral("error-table"));
    m_errorTable->setModel(m_errors);
    m_errorTable->verticalHeader()->hide();
    m_errorTable->horizontalHeader()->setStretchLastSection(true);
    m_errorTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_errorTable->setMaximumHeight(150);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_barsView);
    right->addWidget(m_errorView);
    right->addWidget(m_errorTable);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 1);
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->addWidget(scroll);
    main->addWidget(right);
    main->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(main);

    connect(m_job, &CoreJob::failed, this, [this](const QString& m) { setStatus(m, true); });
    connect(m_job, &CoreJob::cancelled, this, [this] { setStatus(tr("Cancelled — the previous result is kept.")); });
    connect(m_job, &CoreJob::finished, this, [this] { m_run->setEnabled(true); });
    connect(m_params, &DpParameters::changed, this, &HistogramsView::sync);
    if (context.document) {
        connect(context.document, &Document::tableReset, this, &HistogramsView::onTableReset);
        onTableReset();
    }
}

void HistogramsView::buildControls(QWidget* panel) {
    QUndoStack* undo = m_context.document ? m_context.document->undoStack() : nullptr;
    auto* box = new QGroupBox(tr("Histogram release"), panel);
    auto* form = new QFormLayout(box);
    auto edit = [this, undo](const char* key) {
        return [this, undo, key](const QVariant& v) { pushDpParameter(undo, m_params, QString::fromLatin1(key), v); };
    };
    m_source = new QComboBox(box);
    m_source->setObjectName(QStringLiteral("source"));
    m_source->addItem(tr("Column of the table"), QStringLiteral("column"));
    m_source->addItem(tr("Counts file (.npy / CSV)"), QStringLiteral("file"));
    form->addRow(tr("Counts from"), m_source);
    connect(m_source, &QComboBox::activated, this, [this, e = edit("source")] { e(m_source->currentData()); });
    m_column = new QComboBox(box);
    m_column->setObjectName(QStringLiteral("column"));
    form->addRow(tr("Column"), m_column);
    connect(m_column, &QComboBox::activated, this, [this, e = edit("column")] { e(m_column->currentData()); });
    auto* open = new QPushButton(tr("Open counts file…"), box);
    open->setObjectName(QStringLiteral("open-file"));
    m_fileLabel = new QLabel(tr("no file"), box);
    m_fileLabel->setWordWrap(true);
    form->addRow(open, m_fileLabel);
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open 1-D counts (e.g. DPBench)"), QString(),
                                                          tr("Counts (*.npy *.csv *.txt);;All files (*)"));
        if (!path.isEmpty()) openCountsFile(path);
    });
    m_strategy = new QComboBox(box);
    m_strategy->setObjectName(QStringLiteral("strategy"));
    m_strategy->addItem(tr("Identity (Laplace per bin)"), QStringLiteral("identity"));
    m_strategy->addItem(tr("Hierarchical tree"), QStringLiteral("hierarchical"));
    m_strategy->addItem(tr("Privelet (Haar wavelet)"), QStringLiteral("privelet"));
    m_strategy->addItem(tr("MWEM"), QStringLiteral("mwem"));
    form->addRow(tr("Strategy"), m_strategy);
    connect(m_strategy, &QComboBox::activated, this, [this, e = edit("strategy")] { e(m_strategy->currentData()); });
    m_epsilon = new EpsilonSlider(box);
    m_epsilon->setObjectName(QStringLiteral("epsilon"));
    form->addRow(tr("Epsilon ε"), m_epsilon);
    connect(m_epsilon, &EpsilonSlider::epsilonEdited, this, [e = edit("epsilon")](double v) { e(v); });
    const struct { const char* key; const char* label; int lo, hi; } ints[] = {
        {"bins", "Bins (numeric column)", 2, 4096}, {"branching", "Branching b", 2, 16},
        {"rounds", "MWEM rounds T", 1, 100}, {"trials", "Trials for the error", 1, 100}, {"seed", "Seed", 0, 1'000'000'000}};
    for (const auto& s : ints) {
        auto* spin = new QSpinBox(box);
        spin->setObjectName(QString::fromLatin1(s.key));
        spin->setRange(s.lo, s.hi);
        spin->setKeyboardTracking(false);
        spin->setValue(m_params->integer(QString::fromLatin1(s.key)));
        form->addRow(tr(s.label), spin);
        connect(spin, &QSpinBox::valueChanged, this, [e = edit(s.key)](int v) { e(v); });
    }
    for (const auto& [key, label] : {std::pair{"consistency", "Consistency (constrained inference)"}, std::pair{"seeded", "Fixed seed (demo)"}}) {
        auto* check = new QCheckBox(tr(label), box);
        check->setObjectName(QString::fromLatin1(key));
        check->setChecked(m_params->flag(QString::fromLatin1(key)));
        form->addRow(QString(), check);
        connect(check, &QCheckBox::toggled, this, [e = edit(key)](bool v) { e(v); });
    }
    m_run = new QPushButton(tr("Run"), box);
    m_run->setObjectName(QStringLiteral("run"));
    auto* cancel = new QPushButton(tr("Cancel"), box);
    cancel->setObjectName(QStringLiteral("cancel"));
    m_record = new QPushButton(tr("Record release in ledger"), box);
    m_record->setObjectName(QStringLiteral("record"));
    m_record->setEnabled(false);
    form->addRow(m_run, cancel);
    form->addRow(m_record);
    m_description = new QLabel(box);
    m_description->setObjectName(QStringLiteral("description"));
    m_description->setWordWrap(true);
    m_status = new QLabel(box);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    form->addRow(m_description);
    form->addRow(m_status);
    auto* layout = new QVBoxLayout(panel);
    layout->addWidget(box);
    layout->addStretch(1);
    connect(m_run, &QPushButton::clicked, this, &HistogramsView::run);
    connect(cancel, &QPushButton::clicked, m_job, &CoreJob::cancel);
    connect(m_record, &QPushButton::clicked, this, &HistogramsView::recordRelease);
    m_epsilon->setEpsilon(m_params->real(QStringLiteral("epsilon")));
}

void HistogramsView::sync(const QString& key) {
    const QVariant v = m_params->value(key);
    if (key == QLatin1String("source")) {
        const bool fromColumn = v.toString() == QLatin1String("column");
        m_column->setEnabled(fromColumn);
        findChild<QSpinBox*>(QStringLiteral("bins"))->setEnabled(fromColumn);
    }
    if (key == QLatin1String("epsilon")) {
        m_epsilon->setEpsilon(v.toDouble());
        return;
    }
    QWidget* w = findChild<QWidget*>(key);
    if (auto* combo = qobject_cast<QComboBox*>(w)) {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(std::max(0, combo->findData(v)));
    } else if (auto* spin = qobject_cast<QSpinBox*>(w)) {
        const QSignalBlocker block(spin);
        spin->setValue(v.toInt());
    } else if (auto* check = qobject_cast<QCheckBox*>(w)) {
        const QSignalBlocker block(check);
        check->setChecked(v.toBool());
    }
}

void HistogramsView::onTableReset() {
    const Table& table = m_context.document->table();
    {
        const QSignalBlocker block(m_column);
        m_column->clear();
        for (const std::string& name : table.columnNames())
            m_column->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
    m_params->setValue(QStringLiteral("column"), m_column->count() ? m_column->itemData(0) : QVariant(QString()));
    sync(QStringLiteral("column"));
}

bool HistogramsView::openCountsFile(const QString& path) {
    auto loaded = dp::loadCounts(localPath(path));
    if (!loaded) {
        setStatus(tr("Could not load %1: %2").arg(path, QString::fromStdString(loaded.status().message())), true);
        return false;
    }
    m_fileCounts = std::move(loaded->values);
    m_fileLabel->setText(tr("%1 (%2 bins)").arg(QFileInfo(path).fileName()).arg(m_fileCounts.size()));
    m_fileLabel->setProperty("path", path);
    pushDpParameter(m_context.document ? m_context.document->undoStack() : nullptr, m_params, QStringLiteral("source"),
                    QStringLiteral("file"));
    setStatus(tr("Loaded %1 bins from %2").arg(m_fileCounts.size()).arg(QFileInfo(path).fileName()));
    return true;
}

void HistogramsView::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020; font-weight: bold") : QString());
}

void HistogramsView::run() {
    std::vector<double> counts;
    QStringList labels;
    QString dataset;
    if (m_params->text(QStringLiteral("source")) == QLatin1String("file")) {
        if (m_fileCounts.empty()) {
            setStatus(tr("Open a counts file first."), true);
            return;
        }
        counts = m_fileCounts;
        dataset = QFileInfo(m_fileLabel->property("path").toString()).fileName();
    } else {
        const Table& table = m_context.document->table();
        const auto index = table.columnIndex(m_params->text(QStringLiteral("column")).toStdString());
        if (!index) {
            setStatus(tr("Open a table and pick a column first."), true);
            return;
        }
        const int bins = m_params->integer(QStringLiteral("bins"));
        const ValueCounts vc = valueCounts(table.column(*index), bins, 50);
        for (std::size_t c : vc.counts) counts.push_back(double(c));
        for (const auto& l : vc.labels) labels << QString::fromStdString(l);
        dataset = datasetKeyForPath(m_context.document->filePath());
    }
    auto strategy = dp::parseHistogramStrategy(m_params->text(QStringLiteral("strategy")).toStdString());
    if (!strategy) return setStatus(QString::fromStdString(strategy.status().message()), true);
    dp::HistogramOptions options;
    options.epsilon = m_params->real(QStringLiteral("epsilon"));
    options.branching = m_params->integer(QStringLiteral("branching"));
    options.consistency = m_params->flag(QStringLiteral("consistency"));
    options.mwemRounds = m_params->integer(QStringLiteral("rounds"));
    const int trials = m_params->integer(QStringLiteral("trials"));
    const bool seeded = m_params->flag(QStringLiteral("seeded"));
    const auto seed = std::uint64_t(m_params->integer(QStringLiteral("seed")));
    const dp::HistogramStrategy chosen = *strategy;
    m_run->setEnabled(false);
    setStatus(tr("Running…"));
    m_job->start(tr("Histogram release (%1)").arg(m_params->text(QStringLiteral("strategy"))),
                 [this, counts, labels, dataset, chosen, options, trials, seeded, seed](const RunContext& ctx) -> CoreJobOutcome {
        std::unique_ptr<RandomSource> rng;
        if (seeded) rng = std::make_unique<SeededRandom>(seed);
        else rng = std::make_unique<SecureRandom>();
        ctx.report(0.0, "releasing the histogram");
        FunctionProgressSink first([&](double f, std::string_view m) { ctx.report(0.2 * f, m); });
        RunContext local{&first, ctx.cancel, rng.get()};
        auto release = dp::releaseHistogram(counts, chosen, options, local);
        if (!release) return {release.status(), {}, {}};
        auto workload = dp::randomRangeWorkload(counts.size(), kWorkloadQueries, *rng);
        if (!workload) return {workload.status(), {}, {}};
        FunctionProgressSink second([&](double f, std::string_view m) { ctx.report(0.2 + 0.8 * f, m); });
        local.progress = &second;
        const std::vector<dp::HistogramStrategy> all = {dp::HistogramStrategy::Identity, dp::HistogramStrategy::Hierarchical,
                                                        dp::HistogramStrategy::Privelet, dp::HistogramStrategy::Mwem};
        auto errors = dp::compareStrategies(counts, all, options, *workload, trials, local);
        if (!errors) return {errors.status(), {}, {}};
        ctx.report(1.0, "done");
        auto r = std::make_shared<dp::HistogramResult>(std::move(*release));
        auto e = std::make_shared<std::vector<dp::StrategyError>>(std::move(*errors));
        return {Status::ok(), [this, r, e, counts, labels, dataset, seeded, trials] {
                    m_counts = counts;
                    m_estimate = r->estimate;
                    m_shownEpsilon = r->epsilon;
                    m_shownSeeded = seeded;
                    m_shownDataset = dataset;
                    m_recorded = false;
                    const QString name = QString::fromLatin1(dp::histogramStrategyName(r->strategy));
                    m_barsView->setChart(HistogramBarsChartBuilder::build(
                        counts, r->estimate, labels, tr("True vs private histogram — %1, ε = %2").arg(name).arg(r->epsilon, 0, 'g', 3),
                        tr("Private (%1%2)").arg(name, r->consistent ? tr(", consistent") : QString())));
                    m_errors->setErrors(*e);
                    m_errorView->setChart(StrategyErrorChartBuilder::build(
                        *e, tr("Range-query error, %1 random ranges × %2 trials").arg(kWorkloadQueries).arg(trials)));
                    m_description->setText(QString::fromStdString(r->description) +
                                           (seeded ? tr("<br><b style='color:#d55e00'>seeded - not for release</b>") : QString()));
                    m_record->setEnabled(!seeded);
                    setStatus(seeded ? tr("Seeded - not for release.") : tr("Secure noise. Record the release to spend ε."));
                    emit resultsShown();
                },
                tr("Histogram released with ε = %1").arg(options.epsilon)};
    });
}

bool HistogramsView::recordRelease() {
    if (m_estimate.empty() || m_recorded) {
        setStatus(tr("Nothing new to record: run a release first."), true);
        return false;
    }
    if (m_shownSeeded) {
        setStatus(tr("Refused: a seeded result is not a release."), true);
        return false;
    }
    release::LedgerEntry e;
    e.dataset = m_shownDataset.toStdString();
    e.release = "histogram (" + m_params->text(QStringLiteral("strategy")).toStdString() + ")";
    e.mechanism = m_params->text(QStringLiteral("strategy")).toStdString();
    e.neighbouring = "add-remove";
    e.epsilon = m_shownEpsilon;
    e.details = {{"source", "histograms view"}, {"bins", m_estimate.size()}, {"seeded", false}};
    auto id = LedgerSession::shared()->record(e);
    if (!id) {
        setStatus(tr("Refused: %1").arg(QString::fromStdString(id.status().message())), true);
        return false;
    }
    m_recorded = true;
    m_record->setEnabled(false);
    setStatus(tr("Recorded as ledger entry %1.").arg(*id));
    return true;
}

}  // namespace veil::ui
