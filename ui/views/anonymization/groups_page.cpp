#include "views/anonymization/groups_page.h"

#include "charts/anonymization/class_size_chart_builder.h"
#include "models/table_model.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/class_list_model.h"
#include "views/anonymization/class_tint_proxy_model.h"
#include "views/anonymization/summary_text.h"
#include "charts/widget_export.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace veil::ui {

GroupsPage::GroupsPage(AnonymizationState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* vertical = new QSplitter(Qt::Vertical, this);

    auto* top = new QSplitter(Qt::Horizontal, vertical);
    m_summary = new QTextBrowser(top);
    m_summary->setObjectName(QStringLiteral("anon-summary"));
    m_summary->setMinimumWidth(260);
    m_summary->setPlaceholderText(tr("Run the anonymization to see its equivalence classes."));

    m_classes = new ClassListModel(this);
    m_classSort = new QSortFilterProxyModel(this);
    m_classSort->setSourceModel(m_classes);
    m_classSort->setSortRole(ClassListModel::SortRole);
    m_classView = new QTableView(top);
    m_classView->setObjectName(QStringLiteral("anon-classes"));
    m_classView->setModel(m_classSort);
    m_classView->setSortingEnabled(true);
    m_classView->sortByColumn(ClassListModel::SizeColumn, Qt::AscendingOrder);
    m_classView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_classView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_classView->verticalHeader()->hide();
    m_classView->verticalHeader()->setDefaultSectionSize(22);
    m_classView->horizontalHeader()->setStretchLastSection(true);
    m_classView->horizontalHeader()->setDefaultSectionSize(70);
    m_classView->horizontalHeader()->resizeSection(ClassListModel::SuppressedColumn, 80);

    m_chart = new QChartView(top);
    m_chart->setObjectName(QStringLiteral("anon-class-size-chart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumWidth(360);
    installExportMenu(m_chart, QStringLiteral("class-sizes"));
    top->addWidget(m_summary);
    top->addWidget(m_classView);
    top->addWidget(m_chart);
    top->setSizes({300, 380, 560});

    auto* bottom = new QWidget(vertical);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    m_showOriginal = new QCheckBox(tr("Show the original table beside the release"), bottom);
    m_showOriginal->setObjectName(QStringLiteral("anon-show-original"));
    m_showOriginal->setChecked(true);
    bottomLayout->addWidget(m_showOriginal);
    auto* tables = new QSplitter(Qt::Horizontal, bottom);
    m_original = new TableModel(this);
    m_released = new TableModel(this);
    m_originalTint = new ClassTintProxyModel(this);
    m_originalTint->setSourceModel(m_original);
    m_releasedTint = new ClassTintProxyModel(this);
    m_releasedTint->setSourceModel(m_released);
    auto* originalBox = new QWidget(tables);
    auto* originalLayout = new QVBoxLayout(originalBox);
    originalLayout->setContentsMargins(0, 0, 0, 0);
    originalLayout->addWidget(new QLabel(tr("<b>Original</b>"), originalBox));
    m_originalView = makeTable(m_originalTint, originalBox);
    m_originalView->setObjectName(QStringLiteral("anon-original-table"));
    originalLayout->addWidget(m_originalView);
    auto* releasedBox = new QWidget(tables);
    auto* releasedLayout = new QVBoxLayout(releasedBox);
    releasedLayout->setContentsMargins(0, 0, 0, 0);
    releasedLayout->addWidget(
        new QLabel(tr("<b>Released</b> (rows tinted by equivalence class, suppressed rows grey ✕)"), releasedBox));
    m_releasedView = makeTable(m_releasedTint, releasedBox);
    m_releasedView->setObjectName(QStringLiteral("anon-released-table"));
    releasedLayout->addWidget(m_releasedView);
    bottomLayout->addWidget(tables, 1);
    vertical->addWidget(top);
    vertical->addWidget(bottom);
    vertical->setSizes({330, 400});
    layout->addWidget(vertical);

    connect(m_showOriginal, &QCheckBox::toggled, originalBox, &QWidget::setVisible);
    connect(m_classView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) m_state->setSelectedClass(current.data(ClassListModel::ClassIdRole).toInt());
            });
    for (QTableView* view : {m_originalView, m_releasedView})
        connect(view, &QTableView::clicked, this, [this](const QModelIndex& index) {
            const QVariant c = index.data(ClassTintProxyModel::ClassIdRole);
            if (c.isValid()) m_state->setSelectedClass(c.toInt());
        });
    connect(m_state, &AnonymizationState::runChanged, this, &GroupsPage::showRun);
    connect(m_state, &AnonymizationState::selectedClassChanged, this, &GroupsPage::showSelection);
    showRun();
}

QTableView* GroupsPage::makeTable(ClassTintProxyModel* model, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionMode(QAbstractItemView::NoSelection);
    view->verticalHeader()->setDefaultSectionSize(22);
    view->horizontalHeader()->setDefaultSectionSize(110);
    return view;
}

void GroupsPage::showRun() {
    const AnonymizationRun* run = m_state->run();
    QChart* old = m_chart->chart();
    if (!run) {
        m_summary->clear();
        m_classes->clear();
        m_original->setTable({});
        m_released->setTable({});
        return;
    }
    const auto& r = run->result;
    m_summary->setHtml(summaryHtml(*run));
    m_classes->setClasses(r.classes, r.quasiIdentifiers, run->config.models.k);
    m_original->setTable(run->input);
    m_released->setTable(r.output);
    m_originalTint->setClasses(r.classes.recordClass, r.classes.classSuppressed, r.classes.classSize);
    m_releasedTint->setClasses(r.classes.recordClass, r.classes.classSuppressed, r.classes.classSize);
    m_chart->setChart(ClassSizeChartBuilder::build(r.classes, run->config.models.k));
    delete old;
}

void GroupsPage::showSelection(int classId) {
    m_originalTint->setHighlightedClass(classId);
    m_releasedTint->setHighlightedClass(classId);
    const int row = m_releasedTint->firstRowOfClass(classId);
    if (row >= 0) {
        m_originalView->scrollTo(m_originalTint->index(row, 0), QAbstractItemView::PositionAtTop);
        m_releasedView->scrollTo(m_releasedTint->index(row, 0), QAbstractItemView::PositionAtTop);
    }
    // Keep the class list's current row in step when the selection came from a table click.
    const QModelIndex current = m_classView->currentIndex();
    if (classId >= 0 && (!current.isValid() || current.data(ClassListModel::ClassIdRole).toInt() != classId)) {
        const QModelIndex source = m_classes->index(classId, 0);
        const QModelIndex proxy = m_classSort->mapFromSource(source);
        if (proxy.isValid()) {
            const QSignalBlocker blocker(m_classView->selectionModel());
            m_classView->selectionModel()->setCurrentIndex(
                proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_classView->scrollTo(proxy);
        }
    }
}

}  // namespace veil::ui
