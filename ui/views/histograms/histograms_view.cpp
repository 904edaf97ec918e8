#include "views/histograms/histograms_view.h"

#include "workbench/local_path.h"

#include "charts/histograms/grid_heat_map.h"
#include "charts/histograms/histogram_bars_chart_builder.h"
#include "charts/histograms/strategy_error_chart_builder.h"
#include "document/document.h"
#include "views/histograms/strategy_comparison.h"
#include "views/histograms/strategy_options.h"
#include "views/histograms/strategy_error_model.h"
#include "charts/widget_export.h"
#include "jobs/core_job.h"
#include "panels/catalogue_parameter_form.h"
#include "panels/data_filled_domain.h"
#include "panels/dp_parameters.h"
#include "panels/epsilon_slider.h"
#include "panels/display_number.h"
#include "panels/recommendation_bar.h"
#include "workbench/noisy_scale.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/dp/column_query.h"
#include "veil/dp/counts_loader.h"
#include "veil/dp/histogram_recommender.h"
#include "veil/dp/histogram_release.h"
#include "veil/dp/range_workload.h"
#include "veil/table/column_summary.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
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

// The result of one Run, applied on the GUI thread.
struct HistogramRunResult {
    std::vector<double> trueCounts;  // teaching mode only
    std::vector<double> estimate;
    QStringList labels;
    std::size_t rows = 0, columns = 0;  // a 2-D histogram's shape
    std::string strategy, description;
    dp::ReleaseReceipt receipt;
    std::vector<dp::StrategyError> errors;  // teaching mode only
};

namespace {

// QChartView::setChart releases the previous chart without deleting it.
void replaceChart(QChartView* view, QChart* chart) {
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

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
    const struct {
        const char* key;
        QVariant value;
    } defaults[] = {{"source", QStringLiteral("column")},
                    {"column", QString()},
                    {"bins", 20},
                    {"lower", 0.0},
                    {"upper", 100.0},
                    {"categories", QString()},
                    {"strategy", QStringLiteral("identity")},
                    {"branching", 2},
                    {"consistency", true},
                    {"rounds", 10},
                    {"epsilon", 0.1},
                    {"trials", 5},
                    {"seeded", false},
                    {"seed", 42}};
    for (const auto& d : defaults) m_params->setValue(QString::fromLatin1(d.key), d.value);

    auto* controls = new QWidget(this);
    buildControls(controls);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(360);

    m_barsView = chartView(QStringLiteral("histogram-bars"), this);
    m_gridView = new GridHeatMap(this);
    m_gridView->hide();
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
    right->addWidget(m_gridView);
    right->addWidget(m_errorView);
    right->addWidget(m_errorTable);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 3);
    right->setStretchFactor(3, 1);
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
    if (context.release)
        connect(context.release, &ReleaseSession::teachingChanged, this, &HistogramsView::onTeachingChanged);
    if (context.document) {
        connect(context.document, &Document::tableReset, this, &HistogramsView::onTableReset);
        onTableReset();
    }
    updateRecommendation();
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
        const QString path = QFileDialog::getOpenFileName(this, tr("Open counts, 1-D or 2-D (e.g. DPBench)"), QString(),
                                                          tr("Counts (*.npy *.csv *.txt);;All files (*)"));
        if (!path.isEmpty()) openCountsFile(path);
    });
    // The declared domain of a column: numeric bounds (with the bin count below) or categories.
    for (const auto& [key, label] : {std::pair{"lower", "Lower bound"}, std::pair{"upper", "Upper bound"}}) {
        auto* bound = new QDoubleSpinBox(box);
        bound->setObjectName(QString::fromLatin1(key));
        bound->setRange(-1e12, 1e12);
        bound->setDecimals(3);
        bound->setKeyboardTracking(false);
        bound->setValue(m_params->real(QString::fromLatin1(key)));
        bound->setToolTip(
            tr("A public bound of the column's values, declared (never the data's own minimum or maximum)"));
        form->addRow(tr(label), bound);
        connect(bound, &QDoubleSpinBox::valueChanged, this, [e = edit(key)](double v) { e(v); });
    }
    m_categories = new QLineEdit(box);
    m_categories->setObjectName(QStringLiteral("categories"));
    m_categories->setPlaceholderText(tr("declared categories, e.g. Private, State-gov"));
    m_categories->setToolTip(
        tr("The public categories of a text column; other values are dropped. Never read off the data."));
    form->addRow(tr("Categories"), m_categories);
    connect(m_categories, &QLineEdit::editingFinished, this,
            [this, e = edit("categories")] { e(m_categories->text()); });
    m_strategy = new QComboBox(box);
    m_strategy->setObjectName(QStringLiteral("strategy"));
    form->addRow(tr("Strategy"), m_strategy);
    connect(m_strategy, &QComboBox::activated, this, [this, e = edit("strategy")] { e(m_strategy->currentData()); });
    // The selected strategy's other catalogue options (DAWA's ratio, partition rule and bucket
    // penalty, MWEM's passes, ...); branching, consistency and rounds have their own rows below.
    m_strategyOptions = new CatalogueParameterForm(m_params, undo, box);
    m_strategyOptions->setObjectName(QStringLiteral("strategy-options"));
    form->addRow(m_strategyOptions);
    updateStrategyOptions();
    // The recommender (DPBench's findings, measured on Veil's own algorithms): "Use it" selects.
    m_recommendation = new RecommendationBar(box);
    form->addRow(m_recommendation);
    refillStrategies();
    connect(m_recommendation, &RecommendationBar::useRequested, this,
            [e = edit("strategy")](const QString& id) { e(id.section(QLatin1Char(':'), 1)); });
    connect(m_recommendation, &RecommendationBar::noisyScaleRequested, this, &HistogramsView::releaseNoisyScale);
    m_epsilon = new EpsilonSlider(box);
    m_epsilon->setObjectName(QStringLiteral("epsilon"));
    form->addRow(tr("Epsilon ε"), m_epsilon);
    connect(m_epsilon, &EpsilonSlider::epsilonEdited, this, [e = edit("epsilon")](double v) { e(v); });
    const struct {
        const char* key;
        const char* label;
        int lo, hi;
    } ints[] = {{"bins", "Bins (numeric column)", 2, 4096},
                {"branching", "Branching b", 2, 16},
                {"rounds", "MWEM rounds T", 1, 100},
                {"trials", "Trials for the error", 1, 100},
                {"seed", "Seed", 0, 1'000'000'000}};
    for (const auto& s : ints) {
        auto* spin = new QSpinBox(box);
        spin->setObjectName(QString::fromLatin1(s.key));
        spin->setRange(s.lo, s.hi);
        spin->setKeyboardTracking(false);
        spin->setValue(m_params->integer(QString::fromLatin1(s.key)));
        form->addRow(tr(s.label), spin);
        connect(spin, &QSpinBox::valueChanged, this, [e = edit(s.key)](int v) { e(v); });
    }
    for (const auto& [key, label] :
         {std::pair{"consistency", "Consistency (constrained inference)"}, std::pair{"seeded", "Fixed seed (demo)"}}) {
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
    form->addRow(m_run, cancel);
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
    m_epsilon->setEpsilon(m_params->real(QStringLiteral("epsilon")));
    connect(m_column, &QComboBox::activated, this, [this] { updateDomainRows(); });
}

void HistogramsView::updateStrategyOptions() {
    const std::string strategy = m_params->text(QStringLiteral("strategy")).toStdString();
    auto info = dp::findHistogramStrategy(strategy);
    QStringList ownRows;  // edited by the view's own rows, not by the form
    if (info)
        for (const auto& p : (*info)->parameters)
            if (sharedRowServes(p)) ownRows << QString::fromStdString(p.name);
    m_strategyOptions->setParameters(info ? (*info)->parameters : std::vector<ParameterInfo>{}, ownRows,
                                     optionKey(strategy, ""));
}

bool HistogramsView::fileIsGrid() const {
    return m_fileRows > 0 && m_params->text(QStringLiteral("source")) == QLatin1String("file");
}

void HistogramsView::refillStrategies() {
    const bool grid = fileIsGrid();
    const auto& infos = grid ? dp::gridHistogramStrategies() : dp::histogramStrategies();
    std::vector<std::string> candidates;
    {
        const QSignalBlocker block(m_strategy);
        m_strategy->clear();
        for (const auto& info : infos) {
            m_strategy->addItem(QString::fromStdString(info.name), QString::fromStdString(info.id));
            m_strategy->setItemData(m_strategy->count() - 1,
                                    QString::fromStdString(info.summary + " (" + info.citation + ")"), Qt::ToolTipRole);
            candidates.push_back("histogram:" + info.id);
        }
    }
    m_recommendation->setCandidates(candidates);
    // A strategy the source cannot take becomes the list's first (not an edit: the list changed).
    const QString current = m_params->text(QStringLiteral("strategy"));
    if (m_strategy->findData(current) < 0) m_params->setValue(QStringLiteral("strategy"), m_strategy->itemData(0));
    showDpParameter(m_strategy, m_params->value(QStringLiteral("strategy")));
}

void HistogramsView::sync(const QString& key) {
    const QVariant v = m_params->value(key);
    if (key == QLatin1String("strategy")) updateStrategyOptions();
    if (key == QLatin1String("column") || key == QLatin1String("source")) m_recommendation->clearNoisyScale();
    if (key != QLatin1String("strategy")) updateRecommendation();
    if (key == QLatin1String("source")) {
        refillStrategies();
        const bool fromColumn = v.toString() == QLatin1String("column");
        m_column->setEnabled(fromColumn);
        findChild<QSpinBox*>(QStringLiteral("bins"))->setEnabled(fromColumn);
    }
    if (key == QLatin1String("epsilon")) {
        m_epsilon->setEpsilon(v.toDouble());
        return;
    }
    if (key == QLatin1String("column")) updateDomainRows();
    showDpParameter(findChild<QWidget*>(key), v);
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
    clearResult();
}

bool HistogramsView::columnIsNumeric() const {
    if (!m_context.document) return false;
    const Table& table = m_context.document->table();
    const auto index = table.columnIndex(m_params->text(QStringLiteral("column")).toStdString());
    return index && isNumericType(table.column(*index).type());
}

// Numeric columns declare bounds and bins, text columns categories. Teaching mode fills them in
// from the data (public or sample data only).
void HistogramsView::updateDomainRows() {
    const bool numeric = columnIsNumeric();
    for (const char* key : {"lower", "upper", "bins"})
        if (auto* w = findChild<QWidget*>(QString::fromLatin1(key))) w->setEnabled(numeric);
    m_categories->setEnabled(!numeric);
    if (!m_context.release || !m_context.release->isTeaching() || !m_context.document) return;
    const Table& table = m_context.document->table();
    const auto index = table.columnIndex(m_params->text(QStringLiteral("column")).toStdString());
    if (!index) return;
    const ColumnSummary s = summarizeColumn(table, *index);
    auto fill = [this](const QString& key, const QVariant& value) {
        m_params->setValue(key, value);
        m_dataFilled.record(key, m_params->value(key));
    };
    if (numeric && s.minValue && s.maxValue) {
        fill(QStringLiteral("lower"), *s.minValue);
        fill(QStringLiteral("upper"), *s.maxValue);
    } else if (!numeric) {
        QStringList labels;
        for (const auto& l : valueCounts(table.column(*index), 20, 50).labels)
            if (l != "(other)") labels << QString::fromStdString(l);
        fill(QStringLiteral("categories"), labels.join(QStringLiteral(", ")));
    }
}

void HistogramsView::onTeachingChanged(bool teaching) {
    clearResult();
    // A count taken in the other mode (teaching: not charged) must not size a recommendation here.
    m_recommendation->clearNoisyScale();
    if (teaching) updateDomainRows();
}

void HistogramsView::clearResult() {
    m_counts.clear();
    m_estimate.clear();
    m_gridView->clear();
    replaceChart(m_barsView, new QChart);
    replaceChart(m_errorView, new QChart);
    m_errors->setErrors({});
    m_description->clear();
}

bool HistogramsView::openCountsFile(const QString& path) {
    auto loaded = dp::loadCounts(localPath(path));
    if (!loaded) {
        setStatus(tr("Could not load %1: %2").arg(path, QString::fromStdString(loaded.status().message())), true);
        return false;
    }
    m_fileCounts = std::move(loaded->values);
    const bool grid = loaded->shape.size() == 2;
    m_fileRows = grid ? loaded->shape[0] : 0;
    m_fileColumns = grid ? loaded->shape[1] : 0;
    const QString size =
        grid ? tr("%1 × %2 cells").arg(m_fileRows).arg(m_fileColumns) : tr("%1 bins").arg(m_fileCounts.size());
    m_fileLabel->setText(tr("%1 (%2)").arg(QFileInfo(path).fileName(), size));
    m_fileLabel->setProperty("path", path);
    clearResult();
    pushDpParameter(m_context.document ? m_context.document->undoStack() : nullptr, m_params, QStringLiteral("source"),
                    QStringLiteral("file"));
    refillStrategies();  // the source may have been "file" already, with the other shape
    setStatus(tr("Loaded %1 from %2").arg(size, QFileInfo(path).fileName()));
    updateRecommendation();
    return true;
}

void HistogramsView::updateRecommendation() {
    const bool fromFile = m_params->text(QStringLiteral("source")) == QLatin1String("file");
    std::size_t bins = 0;
    if (fromFile)
        bins = m_fileCounts.size();
    else if (columnIsNumeric())
        bins = static_cast<std::size_t>(std::max(0, m_params->integer(QStringLiteral("bins"))));
    else
        bins = static_cast<std::size_t>(
            m_params->text(QStringLiteral("categories")).split(QLatin1Char(','), Qt::SkipEmptyParts).size());
    m_recommendation->setNoisyScaleAvailable(!fromFile && m_context.document);
    m_recommendation->setEpsilon(m_params->real(QStringLiteral("epsilon")));
    if (fileIsGrid())
        m_recommendation->setDomain(2, m_fileRows, m_fileColumns);
    else
        m_recommendation->setDomain(1, 1, bins);
}

void HistogramsView::releaseNoisyScale() {
    const bool seeded = m_params->flag(QStringLiteral("seeded"));
    const auto seed =
        seeded ? std::optional<std::uint64_t>(std::uint64_t(m_params->integer(QStringLiteral("seed")))) : std::nullopt;
    auto scale = ui::releaseNoisyScale(m_context, m_params->text(QStringLiteral("column")).toStdString(), seed);
    if (!scale) return setStatus(tr("Not released: %1").arg(QString::fromStdString(scale.status().message())), true);
    m_recommendation->setNoisyScale(*scale);
    setStatus(QString::fromStdString(dp::receiptLine(scale->receipt)));
}

void HistogramsView::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020; font-weight: bold") : QString());
}

void HistogramsView::run() {
    if (!m_context.release) return setStatus(tr("No release session: nothing can be released."), true);
    const bool fromFile = m_params->text(QStringLiteral("source")) == QLatin1String("file");
    if (fromFile && m_fileCounts.empty()) return setStatus(tr("Open a counts file first."), true);
    const std::string strategy = m_params->text(QStringLiteral("strategy")).toStdString();
    const double epsilon = m_params->real(QStringLiteral("epsilon"));
    const nlohmann::json options = strategyOptions(strategy, *m_params);
    dp::ColumnQuerySpec spec;  // a column: the histogram query with its declared domain
    std::shared_ptr<const Column> column;
    QString dataset;
    if (fromFile) {
        dataset = QFileInfo(m_fileLabel->property("path").toString()).fileName();
    } else {
        const Table& table = m_context.document->table();
        const auto index = table.columnIndex(m_params->text(QStringLiteral("column")).toStdString());
        if (!index) return setStatus(tr("Open a table and pick a column first."), true);
        // A domain teaching mode read off the data may not make a release.
        const QStringList domainKeys = columnIsNumeric() ? QStringList{QStringLiteral("lower"), QStringLiteral("upper")}
                                                         : QStringList{QStringLiteral("categories")};
        if (!m_context.release->isTeaching())
            if (const QString refusal =
                    m_dataFilled.refusal(domainKeys, [this](const QString& k) { return m_params->value(k); });
                !refusal.isEmpty())
                return setStatus(tr("Not released: %1").arg(refusal), true);
        column = table.columnPtr(*index);
        dataset = datasetKeyForPath(m_context.document->filePath());
        spec.query = dp::QueryKind::Histogram;
        spec.epsilon = epsilon;
        spec.strategy = strategy;
        spec.strategyOptions = options;
        if (columnIsNumeric()) {
            spec.lower = m_params->real(QStringLiteral("lower"));
            spec.upper = m_params->real(QStringLiteral("upper"));
            spec.binCount = m_params->integer(QStringLiteral("bins"));
        } else {
            for (const QString& c :
                 m_params->text(QStringLiteral("categories")).split(QLatin1Char(','), Qt::SkipEmptyParts))
                if (!c.trimmed().isEmpty()) spec.categories.push_back(c.trimmed().toStdString());
        }
    }
    const bool seeded = m_params->flag(QStringLiteral("seeded"));
    const auto seed =
        seeded ? std::optional<std::uint64_t>(std::uint64_t(m_params->integer(QStringLiteral("seed")))) : std::nullopt;
    auto gate = m_context.release->makeGate(dataset, seed);
    if (!gate) return setStatus(tr("Not released: %1").arg(QString::fromStdString(gate.status().message())), true);
    const int trials = m_params->integer(QStringLiteral("trials"));
    const std::vector<double> fileCounts = fromFile ? m_fileCounts : std::vector<double>{};
    const std::size_t rows = fromFile ? m_fileRows : 0, columns = fromFile ? m_fileColumns : 0;
    m_run->setEnabled(false);
    setStatus(tr("Running…"));
    m_job->start(
        tr("Histogram release (%1)").arg(QString::fromStdString(strategy)),
        [this, gate = *gate, fileCounts, rows, columns, column, spec, strategy, options, epsilon, trials,
         seed](const RunContext& ctx) -> CoreJobOutcome {
            ctx.report(0.0, "releasing the histogram");
            FunctionProgressSink first([&](double f, std::string_view m) { ctx.report(0.2 * f, m); });
            RunContext local{&first, ctx.cancel, nullptr};
            auto run = std::make_shared<HistogramRunResult>();
            run->strategy = strategy;
            std::vector<double> counts;  // the truth: used below in teaching mode only
            if (column) {
                auto r = dp::releaseColumnQuery(*gate, *column, spec, local);
                if (!r) return {r.status(), {}, {}};
                run->estimate = r->releases.front();
                for (const auto& l : r->labels) run->labels << QString::fromStdString(l);
                run->receipt = r->receipt;
                run->description = r->notes.empty() ? std::string() : r->notes.back();
                counts = r->trueValues;
            } else {
                dp::HistogramRequest request;
                request.strategy = strategy;
                request.options = options;
                request.epsilon = epsilon;
                request.what = "histogram of the counts file";
                request.rows = rows;
                request.columns = columns;
                run->rows = rows;
                run->columns = columns;
                auto r = dp::releaseHistogram(*gate, fileCounts, request, local);
                if (!r) return {r.status(), {}, {}};
                run->estimate = r->estimate;
                run->receipt = r->receipt;
                run->description = r->description;
                counts = r->trueCounts;
            }
            // Teaching mode: the truth beside the estimate, and every strategy's error against it.
            if (gate->isTeaching() && !counts.empty()) {
                run->trueCounts = counts;
                FunctionProgressSink second([&](double f, std::string_view m) { ctx.report(0.2 + 0.8 * f, m); });
                local.progress = &second;
                auto errors = rows > 0 ? compareGridStrategies(counts, rows, columns, epsilon, trials, kWorkloadQueries,
                                                               seed, local)
                                       : compareLineStrategies(*gate, counts, epsilon, trials, kWorkloadQueries, local);
                if (!errors) return {errors.status(), {}, {}};
                run->errors = std::move(*errors);
            }
            ctx.report(1.0, "done");
            const QString message = gate->isTeaching() ? tr("Teaching mode: not private, nothing charged")
                                                       : tr("Histogram released with ε = %1").arg(epsilon, 0, 'g', 4);
            return {Status::ok(), [this, run] { show(*run); }, message};
        });
}

void HistogramsView::show(const HistogramRunResult& r) {
    m_counts = r.trueCounts;
    m_estimate = r.estimate;
    const bool teaching = r.receipt.mode == dp::ReleaseMode::Teaching;
    const QString name = QString::fromStdString(r.strategy);
    m_barsView->setVisible(r.rows == 0);
    m_gridView->setVisible(r.rows > 0);
    if (r.rows > 0)
        m_gridView->setGrids(teaching ? tr("True vs private 2-D histogram — %1 (teaching mode: not private)").arg(name)
                                      : tr("Private 2-D histogram — %1 (released)").arg(name),
                             r.rows, r.columns, r.trueCounts, r.estimate);
    else
        replaceChart(m_barsView,
                     HistogramBarsChartBuilder::build(
                         r.trueCounts, r.estimate, r.labels,
                         teaching ? tr("True vs private histogram — %1 (teaching mode: not private)").arg(name)
                                  : tr("Private histogram — %1 (released)").arg(name),
                         tr("Private (%1)").arg(name)));
    m_errors->setErrors(r.errors);
    if (teaching)
        replaceChart(m_errorView,
                     StrategyErrorChartBuilder::build(
                         r.errors, (r.rows > 0 ? tr("Range-query error, %1 random rectangles (teaching mode: "
                                                    "measured against the truth)")
                                               : tr("Range-query error, %1 random ranges (teaching mode: measured "
                                                    "against the truth)"))
                                       .arg(kWorkloadQueries)));
    else {
        auto* empty = new QChart;
        replaceChart(m_errorView, empty);
        empty->setTitle(tr("Errors against the true counts are shown in teaching mode only"));
    }
    // Rounded for reading; the bundle keeps core's exact text.
    m_description->setText(roundNumbersInText(QString::fromStdString(r.description)).toHtmlEscaped() +
                           QStringLiteral("<br>") + receiptHtml(r.receipt));
    setStatus({});  // the receipt is in the description above: not twice
    Q_EMIT resultsShown();
}

}  // namespace veil::ui
