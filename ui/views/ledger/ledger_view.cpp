#include "views/ledger/ledger_view.h"

#include "document/document.h"
#include "views/ledger/budget_bar_delegate.h"
#include "views/ledger/budget_model.h"
#include "views/ledger/ledger_entry_model.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace veil::ui {

namespace {
QTableView* makeTable(const QString& name, QAbstractItemModel* model, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setObjectName(name);
    auto* proxy = new QSortFilterProxyModel(table);
    proxy->setSourceModel(model);
    proxy->setSortRole(Qt::EditRole);
    table->setModel(proxy);
    table->setSortingEnabled(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}
}  // namespace

LedgerView::LedgerView(WorkbenchContext& context, QWidget* parent)
    : QWidget(parent), m_context(context), m_session(context.release ? context.release : new ReleaseSession(this)) {
    setObjectName(QStringLiteral("ledger-view"));
    m_budgets = new BudgetModel(this);
    m_entries = new LedgerEntryModel(this);

    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("ledger-path"));
    m_path->setPlaceholderText(ReleaseSession::defaultLedgerPath());
    auto* browse = new QPushButton(tr("Open ledger…"), this);
    browse->setObjectName(QStringLiteral("browse"));
    auto* openTyped = new QPushButton(tr("Open"), this);
    openTyped->setObjectName(QStringLiteral("open-path"));
    auto* useDefault = new QPushButton(tr("Default ledger"), this);
    useDefault->setObjectName(QStringLiteral("open-default"));
    auto* checkBundles = new QPushButton(tr("Check Bundles…"), this);
    checkBundles->setObjectName(QStringLiteral("check-bundles"));
    checkBundles->setToolTip(
        tr("Compare the release bundles on disk with the ledger: complete interrupted ones, "
           "remove partials a crash or a kill left (as veil-cli ledger check --fix)"));
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(new QLabel(tr("Ledger file:"), this));
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(openTyped);
    fileRow->addWidget(browse);
    fileRow->addWidget(useDefault);
    fileRow->addWidget(checkBundles);

    m_budgetTable = makeTable(QStringLiteral("budgets"), m_budgets, this);
    m_budgetTable->setItemDelegateForColumn(BudgetModel::Used, new BudgetBarDelegate(m_budgetTable));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("budget-progress"));
    m_progress->setRange(0, 1000);
    m_progressLabel = new QLabel(this);
    m_progressLabel->setObjectName(QStringLiteral("budget-summary"));
    QFont big = m_progressLabel->font();
    big.setPointSizeF(big.pointSizeF() + 2);
    m_progressLabel->setFont(big);

    m_dataset = new QLineEdit(this);
    m_dataset->setObjectName(QStringLiteral("budget-dataset"));
    m_epsilon = new QDoubleSpinBox(this);
    m_epsilon->setObjectName(QStringLiteral("budget-epsilon"));
    m_epsilon->setRange(0.001, 1000);
    m_epsilon->setDecimals(3);
    m_epsilon->setValue(1.0);
    m_delta = new QDoubleSpinBox(this);
    m_delta->setObjectName(QStringLiteral("budget-delta"));
    m_delta->setRange(0, 0.1);
    m_delta->setDecimals(9);
    auto* set = new QPushButton(tr("Set budget"), this);
    set->setObjectName(QStringLiteral("set-budget"));
    auto* budgetBox = new QGroupBox(tr("Set a dataset's total budget"), this);
    auto* form = new QFormLayout(budgetBox);
    form->addRow(tr("Dataset"), m_dataset);
    form->addRow(tr("Total ε"), m_epsilon);
    form->addRow(tr("Total δ"), m_delta);
    form->addRow(QString(), set);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("ledger-status"));
    m_status->setWordWrap(true);

    auto* top = new QWidget(this);
    auto* topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* budgetsColumn = new QVBoxLayout;
    auto* heading =
        new QLabel(tr("<b>Budget per dataset</b> (the tightest of basic, zCDP and advanced composition; parallel "
                      "groups count once)"),
                   this);
    budgetsColumn->addWidget(heading);
    budgetsColumn->addWidget(m_budgetTable, 1);
    budgetsColumn->addWidget(m_progressLabel);
    budgetsColumn->addWidget(m_progress);
    topLayout->addLayout(budgetsColumn, 3);
    topLayout->addWidget(budgetBox, 1);

    m_entryTable = makeTable(QStringLiteral("entries"), m_entries, this);
    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(new QLabel(tr("<b>Releases</b> (append-only; hover for details)"), this));
    bottomLayout->addWidget(m_entryTable, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(bottom);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(fileRow);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);

    connect(openTyped, &QPushButton::clicked, this,
            [this] { openLedger(m_path->text().isEmpty() ? ReleaseSession::defaultLedgerPath() : m_path->text()); });
    connect(m_path, &QLineEdit::returnPressed, openTyped, &QPushButton::click);
    connect(useDefault, &QPushButton::clicked, this, [this] { openLedger(ReleaseSession::defaultLedgerPath()); });
    connect(checkBundles, &QPushButton::clicked, this, &LedgerView::checkBundlesInteractive);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Open or create a privacy ledger"),
            m_session->path().isEmpty() ? ReleaseSession::defaultLedgerPath() : m_session->path(),
            tr("Ledger (*.sqlite *.veil *.db);;All files (*)"), nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty()) openLedger(path);
    });
    connect(set, &QPushButton::clicked, this, &LedgerView::setBudget);
    connect(m_dataset, &QLineEdit::textEdited, this, [this] { m_dataset->setProperty("auto", false); });
    connect(m_session, &ReleaseSession::ledgerChanged, this, &LedgerView::refresh);
    connect(m_session, &ReleaseSession::pathChanged, this, &LedgerView::refresh);
    connect(m_budgetTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                auto* proxy = static_cast<QSortFilterProxyModel*>(m_budgetTable->model());
                showDataset(proxy->mapToSource(current).row());
            });
    if (context.document) {
        connect(context.document, &Document::filePathChanged, this, &LedgerView::refresh);
        connect(context.document, &Document::tableReset, this, &LedgerView::refresh);
    }
    // Show the default ledger when it exists (the CLI's file); never create it just by looking.
    if (!m_session->isOpen() && QFileInfo::exists(ReleaseSession::defaultLedgerPath()))
        (void)m_session->open(ReleaseSession::defaultLedgerPath());
    refresh();
}

bool LedgerView::openLedger(const QString& path) {
    const Status s = m_session->open(path);
    if (!s.isOk()) {
        setStatus(tr("Could not open %1: %2").arg(path, QString::fromStdString(s.message())), true);
        return false;
    }
    setStatus(tr("Opened %1").arg(m_session->path()));
    return true;
}

bool LedgerView::setBudget() {
    const std::string dataset = m_dataset->text().trimmed().toStdString();
    if (dataset.empty()) {
        setStatus(tr("Name the dataset whose budget to set."), true);
        return false;
    }
    const Status s = m_session->setBudget(dataset, {m_epsilon->value(), m_delta->value()});
    if (!s.isOk()) {
        setStatus(tr("Budget not set: %1").arg(QString::fromStdString(s.message())), true);
        return false;
    }
    if (std::find(m_knownDatasets.begin(), m_knownDatasets.end(), dataset) == m_knownDatasets.end())
        m_knownDatasets.push_back(dataset);
    refresh();
    setStatus(tr("Budget of %1 set to ε = %2, δ = %3")
                  .arg(QString::fromStdString(dataset))
                  .arg(m_epsilon->value())
                  .arg(m_delta->value()));
    return true;
}

void LedgerView::refresh() {
    const QString current = m_context.document && !m_context.document->isEmpty()
                                ? datasetKeyForPath(m_context.document->filePath())
                                : QString();
    if (m_dataset->text().isEmpty() || m_dataset->property("auto").toBool()) {
        m_dataset->setText(current);
        m_dataset->setProperty("auto", true);
    }
    if (!m_session->isOpen()) {
        m_path->setText(QString());
        m_entries->setEntries({});
        m_budgets->setRows({});
        m_progressLabel->setText(tr("No ledger open — releases you record open the default ledger."));
        m_progress->setValue(0);
        return;
    }
    m_path->setText(m_session->path());
    const Status read =
        m_session->withLedger([&](release::PrivacyLedger& ledger) -> Status { return readLedger(ledger, current); });
    if (!read.isOk()) setStatus(QString::fromStdString(read.message()), true);
}

Status LedgerView::readLedger(release::PrivacyLedger& ledger, const QString& current) {
    auto entries = ledger.entries();
    if (!entries) return entries.status();
    std::set<std::string> seen;
    std::vector<std::string> datasets;
    auto note = [&](const std::string& d) {
        if (!d.empty() && seen.insert(d).second) datasets.push_back(d);
    };
    if (!current.isEmpty()) note(current.toStdString());
    for (const auto& d : m_knownDatasets) note(d);
    for (const auto& e : *entries) note(e.dataset);
    std::vector<BudgetRow> rows;
    for (const std::string& d : datasets) {
        BudgetRow row;
        row.dataset = d;
        if (auto b = ledger.budget(d); b && *b) {
            row.budgetEpsilon = (*b)->total.epsilon;
            row.budgetDelta = (*b)->total.delta;
            row.rule = dp::compositionRuleName((*b)->rule);
        }
        if (auto c = ledger.composed(d)) {
            row.spentEpsilon = c->total.epsilon;
            row.spentDelta = c->total.delta;
            row.route = c->route;
            if (c->rhoDefined) row.spentRho = c->total.rho;
        }
        row.releases =
            int(std::count_if(entries->begin(), entries->end(), [&](const auto& e) { return e.dataset == d; }));
        rows.push_back(std::move(row));
    }
    m_entries->setEntries(std::move(*entries));
    m_budgets->setRows(std::move(rows));
    m_entryTable->resizeColumnsToContents();
    m_budgetTable->resizeColumnsToContents();
    showDataset(current.isEmpty() ? (m_budgets->rows().empty() ? -1 : 0) : m_budgets->rowOf(current.toStdString()));
    return Status::ok();
}

void LedgerView::showDataset(int row) {
    if (row < 0 || row >= int(m_budgets->rows().size())) {
        m_progressLabel->clear();
        m_progress->setValue(0);
        return;
    }
    const BudgetRow& r = m_budgets->rows()[std::size_t(row)];
    m_progress->setValue(int(r.usedFraction() * 1000));
    m_progress->setFormat(r.budgetEpsilon ? QStringLiteral("%p%") : tr("no budget set"));
    m_progressLabel->setText(r.budgetEpsilon ? tr("%1: spent ε = %2 of %3 — %4 left")
                                                   .arg(QString::fromStdString(r.dataset))
                                                   .arg(r.spentEpsilon, 0, 'g', 4)
                                                   .arg(*r.budgetEpsilon, 0, 'g', 4)
                                                   .arg(std::max(0.0, *r.budgetEpsilon - r.spentEpsilon), 0, 'g', 4)
                                             : tr("%1: spent ε = %2 (no budget set)")
                                                   .arg(QString::fromStdString(r.dataset))
                                                   .arg(r.spentEpsilon, 0, 'g', 4));
}

void LedgerView::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020; font-weight: bold") : QString());
}

Result<std::vector<release::BundleCheckItem>> LedgerView::checkBundles(bool fix) {
    auto items = m_session->withLedger(
        [fix](release::PrivacyLedger& ledger) { return release::checkReleaseBundles(ledger, {}, fix); });
    if (fix) m_session->notifyChanged();
    if (!items)
        setStatus(tr("Could not check the bundles: %1").arg(QString::fromStdString(items.status().message())), true);
    return items;
}

void LedgerView::checkBundlesInteractive() {
    auto items = checkBundles(false);
    if (!items) return;
    QStringList lines;
    int repairable = 0;
    for (const auto& i : *items) {
        lines << QStringLiteral("%1: %2").arg(QString::fromStdString(i.state), QString::fromStdString(i.path));
        repairable += i.state != "complete" && i.state.rfind("missing", 0) != 0;
    }
    if (lines.isEmpty()) lines << tr("The ledger records no release bundles, and no partials were found.");
    QMessageBox box(QMessageBox::Information, tr("Release bundles"), tr("What the ledger records, against the disk:"),
                    QMessageBox::Close, this);
    box.setDetailedText(lines.join(QLatin1Char('\n')));
    box.setInformativeText(repairable ? tr("%n item(s) can be repaired.", nullptr, repairable)
                                      : tr("Nothing to repair."));
    QPushButton* repair = repairable ? box.addButton(tr("Repair"), QMessageBox::AcceptRole) : nullptr;
    box.exec();
    if (repair && box.clickedButton() == repair) {
        auto fixed = checkBundles(true);
        if (fixed) setStatus(tr("Bundles repaired: %n item(s) completed or removed.", nullptr, repairable));
    }
}

}  // namespace veil::ui
