#include "views/anonymization/hierarchy_editor.h"

#include "jobs/worker_pool.h"
#include "workbench/local_path.h"
#include "document/document.h"
#include "jobs/dispose.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/hierarchy_builder_form.h"
#include "views/anonymization/hierarchy_model.h"

#include "veil/hierarchy/builders.h"
#include "veil/hierarchy/hierarchy_io.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QFutureWatcher>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {

HierarchyEditor::HierarchyEditor(AnonymizationState* state, Document* document, QWidget* parent)
    : QWidget(parent), m_state(state), m_document(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_offer = new QFrame(this);
    m_offer->setObjectName(QStringLiteral("hierarchy-offer"));
    m_offer->setFrameShape(QFrame::StyledPanel);
    m_offer->setStyleSheet(QStringLiteral("#hierarchy-offer { background: #fff4c2; }"));
    auto* offerRow = new QHBoxLayout(m_offer);
    m_offerText = new QLabel(m_offer);
    m_offerText->setWordWrap(true);
    auto* load = new QPushButton(tr("&Load them"), m_offer);
    load->setObjectName(QStringLiteral("hierarchy-load-bundled"));
    auto* dismiss = new QPushButton(tr("No thanks"), m_offer);
    offerRow->addWidget(m_offerText, 1);
    offerRow->addWidget(load);
    offerRow->addWidget(dismiss);
    layout->addWidget(m_offer);
    connect(load, &QPushButton::clicked, this, [this] { loadBundledHierarchies(); });
    connect(dismiss, &QPushButton::clicked, this, [this] {
        m_offerDismissed = true;
        m_offer->hide();
    });

    auto* split = new QSplitter(Qt::Horizontal, this);
    m_columns = new QListWidget(split);
    m_columns->setObjectName(QStringLiteral("hierarchy-columns"));
    m_columns->setMinimumWidth(160);
    auto* right = new QWidget(split);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(4, 0, 0, 0);
    m_form = new HierarchyBuilderForm(right);
    rightLayout->addWidget(m_form);
    auto* buttons = new QHBoxLayout;
    auto* build = new QPushButton(tr("&Build"), right);
    build->setObjectName(QStringLiteral("hierarchy-build"));
    auto* importButton = new QPushButton(tr("&Import ARX CSV…"), right);
    auto* exportButton = new QPushButton(tr("E&xport…"), right);
    m_apply = new QPushButton(tr("&Apply to column"), right);
    m_apply->setObjectName(QStringLiteral("hierarchy-apply"));
    buttons->addWidget(build);
    buttons->addWidget(importButton);
    buttons->addWidget(exportButton);
    buttons->addStretch(1);
    buttons->addWidget(m_apply);
    rightLayout->addLayout(buttons);
    m_source = new QLabel(right);
    m_source->setWordWrap(true);
    rightLayout->addWidget(m_source);
    m_model = new HierarchyModel(this);
    m_preview = new QTableView(right);
    m_preview->setObjectName(QStringLiteral("hierarchy-preview"));
    m_preview->setModel(m_model);
    m_preview->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Widths from the first rows only: with a million values, Qt's default (1,000 rows per column,
    // on every layout) stalls the window.
    m_preview->horizontalHeader()->setResizeContentsPrecision(100);
    m_preview->verticalHeader()->setDefaultSectionSize(22);
    rightLayout->addWidget(m_preview, 1);
    m_validation = new QLabel(right);
    m_validation->setObjectName(QStringLiteral("hierarchy-validation"));
    m_validation->setWordWrap(true);
    m_validation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rightLayout->addWidget(m_validation);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    m_watcher = new QFutureWatcher<HierarchyPreviewOutcome>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_watcher->future().resultCount() > 0) showOutcome(m_watcher->future().takeResult());
    });
    connect(m_columns, &QListWidget::currentRowChanged, this, [this](int) { showCurrentHierarchy(); });
    connect(m_form, &HierarchyBuilderForm::changed, this, &HierarchyEditor::buildPreview);
    connect(build, &QPushButton::clicked, this, &HierarchyEditor::buildPreview);
    connect(m_model, &HierarchyModel::edited, this, &HierarchyEditor::validatePreview);
    connect(m_apply, &QPushButton::clicked, this, &HierarchyEditor::applyPreview);
    connect(importButton, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Import hierarchy"), {}, tr("ARX hierarchy (*.csv);;All files (*)"));
        if (!path.isEmpty()) importFile(path);
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export hierarchy"), currentColumn() + QStringLiteral(".csv"), tr("ARX hierarchy (*.csv)"));
        if (!path.isEmpty()) exportFile(path);
    });
    connect(m_state, &AnonymizationState::settingsChanged, this, [this] {
        refreshColumns();
        refreshPreview();
    });
    connect(m_document, &Document::tableReset, this, [this] {
        disposeInBackground(std::exchange(m_distinct, {}));
        m_offerDismissed = false;
        refreshColumns();
        refreshOffer();
        {
            const QSignalBlocker blocker(m_columns);
            if (m_columns->count() > 0) m_columns->setCurrentRow(0);
        }
        refreshPreview();  // once, whether or not the row changed
    });
    connect(m_document, &Document::columnChanged, this, [this](int) { refreshColumns(); });
    refreshColumns();
    refreshOffer();
}

std::map<std::string, QString> HierarchyEditor::bundledHierarchies() const {
    std::map<std::string, QString> found;
    if (m_document->filePath().isEmpty()) return found;
    const QFileInfo info(m_document->filePath());
    const QDir dir = info.absoluteDir();
    for (const auto& name : m_document->table().columnNames()) {
        const QString file = dir.filePath(info.completeBaseName() + QStringLiteral("_hierarchy_") +
                                          QString::fromStdString(name) + QStringLiteral(".csv"));
        if (QFile::exists(file)) found[name] = file;
    }
    return found;
}

int HierarchyEditor::loadBundledHierarchies() {
    AnonymizationSettings after = m_state->settings();
    QStringList problems;
    int loaded = 0;
    for (const auto& [column, path] : bundledHierarchies()) {
        auto h = hierarchy::readHierarchyCsv(localPath(path), column);
        if (!h.isOk()) {
            problems << QString::fromStdString(h.status().message());
            continue;
        }
        after.hierarchies[column] = std::move(h).value();
        after.hierarchySources[column] = path.toStdString();
        ++loaded;
    }
    if (loaded > 0) m_state->edit(after, tr("Load %1 bundled hierarchies").arg(loaded));
    m_offerDismissed = true;
    m_offer->setVisible(!problems.isEmpty());
    if (!problems.isEmpty()) m_offerText->setText(problems.join(QLatin1Char('\n')));
    return loaded;
}

void HierarchyEditor::refreshOffer() {
    const auto found = bundledHierarchies();
    const bool show = !found.empty() && !m_offerDismissed;
    m_offer->setVisible(show);
    if (show)
        m_offerText->setText(tr("%1 ARX hierarchies were found beside %2 (%3_hierarchy_<column>.csv). Load them?")
                                 .arg(found.size())
                                 .arg(QFileInfo(m_document->filePath()).fileName(),
                                      QFileInfo(m_document->filePath()).completeBaseName()));
}

void HierarchyEditor::refreshColumns() {
    const QString current = currentColumn();
    const QSignalBlocker blocker(m_columns);
    m_columns->clear();
    const Table& table = m_document->table();
    int select = -1;
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        const std::string& name = table.column(c).name();
        const auto* h = m_state->settings().hierarchyFor(name);
        const bool qi = table.role(c) == AttributeRole::QuasiIdentifier;
        QString text = QString::fromStdString(name);
        text += h ? tr("  (%1 levels)").arg(h->height()) : (qi ? tr("  (no hierarchy)") : QString());
        auto* item = new QListWidgetItem(text, m_columns);
        item->setData(Qt::UserRole, QString::fromStdString(name));
        item->setToolTip(QString::fromLatin1(attributeRoleName(table.role(c))));
        if (qi) {
            QFont font = item->font();
            font.setBold(true);
            item->setFont(font);
            item->setForeground(h ? QColor(20, 110, 40) : QColor(180, 30, 30));
        }
        if (QString::fromStdString(name) == current) select = int(c);
    }
    if (select >= 0) m_columns->setCurrentRow(select);
}

QString HierarchyEditor::currentColumn() const {
    const auto* item = m_columns->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

void HierarchyEditor::selectColumn(const QString& name) {
    for (int i = 0; i < m_columns->count(); ++i)
        if (m_columns->item(i)->data(Qt::UserRole).toString() == name) m_columns->setCurrentRow(i);
}

void HierarchyEditor::refreshPreview() {
    // When the editor is hidden, once it is shown: a big table's preview costs time and memory
    // nobody may ask for.
    if (isVisible()) {
        showCurrentHierarchy();
        return;
    }
    m_previewPending = true;
    ++m_generation;
    m_model->setRows({});
    m_validation->clear();
}

void HierarchyEditor::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_previewPending) {
        m_previewPending = false;
        showCurrentHierarchy();
    }
}

DistinctValues HierarchyEditor::cachedDistinct(const std::string& column) const {
    auto it = m_distinct.find(column);
    return it == m_distinct.end() ? nullptr : it->second;
}

void HierarchyEditor::showCurrentHierarchy() {
    m_previewPending = false;
    const std::string column = currentColumn().toStdString();
    if (column.empty()) {
        ++m_generation;  // drop any preview on its way
        m_model->setRows({});
        m_validation->clear();
        return;
    }
    const auto& settings = m_state->settings();
    if (const auto* h = settings.hierarchyFor(column)) {
        m_model->setRows(h->rows());
        auto src = settings.hierarchySources.find(column);
        m_source->setText(src != settings.hierarchySources.end()
                              ? tr("Applied hierarchy from %1").arg(QString::fromStdString(src->second))
                              : tr("Applied hierarchy (built in Veil)"));
        validatePreview();
        return;
    }
    m_source->setText(tr("No hierarchy applied yet: preview of the builder below"));
    HierarchyPreviewTask task;
    task.suggest = true;
    startPreview(std::move(task));
}

void HierarchyEditor::buildPreview() {
    if (currentColumn().isEmpty()) return;
    HierarchyPreviewTask task;
    task.recipe = m_form->recipe();
    startPreview(std::move(task));
}

void HierarchyEditor::validatePreview() {
    if (currentColumn().isEmpty()) return;
    HierarchyPreviewTask task;
    task.rows = m_model->rows();
    startPreview(std::move(task));
}

void HierarchyEditor::startPreview(HierarchyPreviewTask task) {
    task.generation = ++m_generation;
    task.table = m_document->table();
    task.column = currentColumn().toStdString();
    task.distinct = cachedDistinct(task.column);
    m_valid.reset();
    m_apply->setEnabled(false);
    if (task.table.rowCount() <= kPreviewInPlaceRows) {
        showOutcome(runHierarchyPreview(task));
        return;
    }
    m_validation->setStyleSheet(QString());
    m_validation->setText(tr("Preparing the preview of %1…").arg(QString::fromStdString(task.column)));
    m_watcher->setFuture(
        QtConcurrent::run(workerPool(), [task = std::move(task)] { return runHierarchyPreview(task); }));
}

void HierarchyEditor::showOutcome(HierarchyPreviewOutcome outcome) {
    if (outcome.generation != m_generation) return;  // the user moved on
    if (outcome.distinct) m_distinct[outcome.column] = outcome.distinct;
    if (outcome.suggestion) {
        m_form->applySuggestion(*outcome.suggestion);
        buildPreview();
        return;
    }
    if (!outcome.built.isOk()) {
        m_model->setRows({});
        m_validation->setStyleSheet(QStringLiteral("color: #b41e1e;"));
        m_validation->setText(tr("Cannot build: %1").arg(QString::fromStdString(outcome.built.message())));
        return;
    }
    if (outcome.rows) m_model->setRows(std::move(*outcome.rows));
    if (!outcome.valid) {
        m_validation->setStyleSheet(QStringLiteral("color: #b41e1e;"));
        m_validation->setText(tr("Invalid: %1").arg(QString::fromStdString(outcome.validity.message())));
        return;
    }
    m_validation->setStyleSheet(QStringLiteral("color: #146e28;"));
    m_validation->setText(tr("Valid: covers all %1 values of %2 with %3 generalization levels")
                              .arg(outcome.distinct->size())
                              .arg(QString::fromStdString(outcome.column))
                              .arg(outcome.valid->height()));
    m_valid = std::move(outcome.valid);
    m_apply->setEnabled(true);
}

bool HierarchyEditor::applyPreview() {
    if (!m_valid) return false;
    const std::string column = currentColumn().toStdString();
    AnonymizationSettings after = m_state->settings();
    after.hierarchies[column] = *m_valid;
    after.hierarchySources.erase(column);
    m_state->edit(after, tr("Set hierarchy of %1").arg(currentColumn()));
    return true;
}

bool HierarchyEditor::importFile(const QString& path) {
    const std::string column = currentColumn().toStdString();
    auto h = hierarchy::readHierarchyCsv(localPath(path), column);
    if (!h.isOk()) {
        m_validation->setStyleSheet(QStringLiteral("color: #b41e1e;"));
        m_validation->setText(tr("Cannot import: %1").arg(QString::fromStdString(h.status().message())));
        return false;
    }
    // An import is the user's explicit step: validated here, then stored.
    HierarchyPreviewTask task;
    task.generation = ++m_generation;
    task.table = m_document->table();
    task.column = column;
    task.distinct = cachedDistinct(column);
    task.rows = h->rows();
    m_model->setRows(h->rows());
    showOutcome(runHierarchyPreview(task));
    if (!m_valid) return false;
    AnonymizationSettings after = m_state->settings();
    after.hierarchies[column] = *m_valid;
    after.hierarchySources[column] = path.toStdString();
    m_state->edit(after, tr("Import hierarchy of %1").arg(currentColumn()));
    return true;
}

bool HierarchyEditor::exportFile(const QString& path) const {
    auto h = hierarchy::Hierarchy::fromRows(currentColumn().toStdString(), m_model->rows());
    if (!h.isOk()) return false;
    return hierarchy::writeHierarchyCsv(*h, localPath(path)).isOk();
}

}  // namespace veil::ui
