#include "views/anonymization/lattice_page.h"

#include "charts/anonymization/lattice_level_names.h"
#include "charts/anonymization/lattice_scene_builder.h"
#include "charts/widget_export.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/lattice_comparison.h"
#include "views/anonymization/lattice_filter_bar.h"
#include "views/anonymization/lattice_node_filter.h"
#include "views/anonymization/lattice_transformation_model.h"
#include "views/anonymization/lattice_view.h"

#include <algorithm>
#include <initializer_list>

#include <QComboBox>
#include <QFontMetrics>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace veil::ui {

LatticePage::LatticePage(AnonymizationState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_info = new QLabel(this);
    m_info->setObjectName(QStringLiteral("lattice-info"));
    m_info->setWordWrap(true);
    layout->addWidget(m_info);
    auto* legend = new QLabel(this);
    QString html;
    for (auto d : {anonymity::NodeDisplay::Optimum, anonymity::NodeDisplay::Anonymous, anonymity::NodeDisplay::Pruned,
                   anonymity::NodeDisplay::NotAnonymous, anonymity::NodeDisplay::Unknown})
        html += QStringLiteral("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span> %2 &nbsp;&nbsp; ")
                    .arg(LatticeSceneBuilder::displayColor(d).name(), LatticeSceneBuilder::displayName(d));
    legend->setText(html + tr("· bold outline: shown now · size: information loss"));
    layout->addWidget(legend);
    layout->addWidget(buildToolbar());
    m_filterBar = new LatticeFilterBar(this);
    connect(m_filterBar, &LatticeFilterBar::changed, this, &LatticePage::applyFilter);
    layout->addWidget(m_filterBar);
    m_scene = new QGraphicsScene(this);
    m_view = new LatticeView(this);
    m_view->setObjectName(QStringLiteral("lattice-view"));
    m_view->setScene(m_scene);
    installExportMenu(m_view, QStringLiteral("lattice"));
    buildTable();
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    auto* side = new QSplitter(Qt::Vertical, splitter);
    side->addWidget(m_table);
    m_comparison = new LatticeComparison(side);
    side->addWidget(m_comparison);
    side->setStretchFactor(0, 3);
    side->setStretchFactor(1, 2);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({560, 440});
    layout->addWidget(splitter, 1);
    connect(m_view, &LatticeView::nodeClicked, this, [this](std::size_t index) {
        const auto& lattice = m_state->searchLattice();
        if (index >= lattice.size()) return;
        selectRowOf(index);
        Q_EMIT nodeActivated(lattice.levelsOf(index));
    });
    connect(m_state, &AnonymizationState::runChanged, this, &LatticePage::redraw);
    redraw();
}

QWidget* LatticePage::buildToolbar() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    auto button = [&](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton(bar);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        row->addWidget(b);
    };
    button(tr("Fit"), tr("Show the whole lattice"), [this] { m_view->fitToView(); });
    button(tr("100%"), tr("Readable size"), [this] {
        m_view->resetTransform();
        m_view->zoomBy(1.0);
    });
    button(QStringLiteral("+"), tr("Zoom in (Ctrl+wheel)"), [this] { m_view->zoomBy(1.25); });
    button(QStringLiteral("−"), tr("Zoom out (Ctrl+wheel)"), [this] { m_view->zoomBy(0.8); });
    row->addStretch(1);
    return bar;
}

void LatticePage::buildTable() {
    m_model = new LatticeTransformationModel(this);
    m_proxy = new LatticeFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(LatticeTransformationModel::SortRole);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("lattice-transformations"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(LatticeTransformationModel::LossColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(false);
    // The transformation takes the width the other columns leave (a fixed 300 px cut most rows to
    // the same first quasi-identifiers); the full text is in each row's tooltip.
    m_table->horizontalHeader()->setSectionResizeMode(LatticeTransformationModel::TransformationColumn,
                                                      QHeaderView::Stretch);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    sizeFixedColumns();
    // A reset gives the header's sections their default widths again: after the header's own slot.
    // (Sizing to the contents measured only the rows in view, none while the page is hidden.)
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &LatticePage::sizeFixedColumns);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid()) return;
                m_view->selectNode(std::size_t(current.data(LatticeTransformationModel::NodeIndexRole).toULongLong()));
            });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LatticePage::compareSelection);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const auto& lattice = m_state->searchLattice();
        const auto node = std::size_t(index.data(LatticeTransformationModel::NodeIndexRole).toULongLong());
        if (node < lattice.size()) Q_EMIT nodeActivated(lattice.levelsOf(node));
    });
}

// The status, loss and level columns wide enough for their longest text (the default width cut a
// loss to "0....98"), so that only the transformation is ever elided.
void LatticePage::sizeFixedColumns() {
    const QFontMetrics fm = m_table->fontMetrics();
    const int pad = 2 * m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + fm.averageCharWidth() * 2;
    const int icon = m_table->style()->pixelMetric(QStyle::PM_SmallIconSize) + 6;
    auto* header = m_table->horizontalHeader();
    auto widest = [&fm](std::initializer_list<QString> texts) {
        int w = 0;
        for (const QString& t : texts) w = std::max(w, fm.horizontalAdvance(t));
        return w;
    };
    header->resizeSection(
        LatticeTransformationModel::AnonymousColumn,
        icon + pad + widest({tr("yes (optimum)"), tr("yes (pruned)"), tr("not visited"), tr("Anonymous")}));
    header->resizeSection(LatticeTransformationModel::LossColumn,
                          pad + widest({QStringLiteral("≥ 8.8888e+888"), QStringLiteral("0.88888")}));
    header->resizeSection(LatticeTransformationModel::LevelColumn, pad + widest({tr("Level"), QStringLiteral("888")}));
}

QComboBox* LatticePage::filter() const { return m_filterBar->anonymityCombo(); }

// One filter for both: rows hidden in the list, nodes dimmed in the diagram.
void LatticePage::applyFilter() {
    const LatticeNodeFilter filter = m_filterBar->filter();
    m_proxy->setNodeFilter(filter);
    const auto& lattice = m_model->lattice();
    for (QGraphicsItem* item : m_scene->items()) {
        const QVariant index = item->data(LatticeSceneBuilder::kNodeIndexKey);
        if (!index.isValid() || index.toULongLong() >= lattice.size()) continue;
        item->setOpacity(filter.accepts(lattice, std::size_t(index.toULongLong())) ? 1.0 : 0.12);
    }
    m_filterBar->setShownCount(m_proxy->rowCount(), int(lattice.size()));
}

void LatticePage::selectRowOf(std::size_t index) {
    const QModelIndex row = m_proxy->mapFromSource(m_model->index(m_model->rowOf(index), 0));
    if (!row.isValid()) return;
    m_table->selectionModel()->setCurrentIndex(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(row);
}

void LatticePage::compareSelection() {
    const auto& lattice = m_state->searchLattice();
    const AnonymizationRun* run = m_state->run();
    std::vector<std::size_t> nodes;
    for (const QModelIndex& row : m_table->selectionModel()->selectedRows())
        nodes.push_back(std::size_t(row.data(LatticeTransformationModel::NodeIndexRole).toULongLong()));
    const auto optimum = m_state->searchOptimum();
    if (nodes.size() == 1 && optimum && *optimum != nodes[0]) nodes.insert(nodes.begin(), *optimum);
    if (!run || nodes.size() != 2 || nodes[0] >= lattice.size() || nodes[1] >= lattice.size()) {
        m_comparison->clear(
            nodes.size() > 2
                ? tr("Select at most two transformations to compare them.")
                : tr("Select two transformations in the list (Ctrl+click), or one to compare it with the optimum."));
        return;
    }
    const LatticeLevelNames names =
        LatticeLevelNames::fromConfig(run->config, run->result.quasiIdentifiers, lattice.maxLevels());
    auto title = [&](std::size_t node) {
        return optimum && *optimum == node ? tr("Optimum") : tr("Height %1 node").arg(lattice.heightOf(node));
    };
    m_comparison->compare(m_state->runPtr(), names, lattice.levelsOf(nodes[0]), title(nodes[0]),
                          lattice.levelsOf(nodes[1]), title(nodes[1]));
}

// Why there is no lattice to show: no run yet, or an algorithm that applies no single node.
QString LatticePage::noLatticeMessage(const AnonymizationRun* run) const {
    if (!run) return tr("Run the optimal search to explore its lattice.");
    switch (run->result.algorithm) {
        case anonymity::Algorithm::Mondrian:
            return tr("Mondrian does not search a lattice: see the Mondrian cuts tab.");
        case anonymity::Algorithm::LocalRecoding:
            return tr(
                "<b>Local recoding releases records at different levels</b> (one lattice node per pass), so no "
                "single node describes the result: see its passes in the Groups summary. Choose Optimal "
                "(full-domain) to explore a lattice.");
        case anonymity::Algorithm::Mdav:
            return tr(
                "<b>MDAV microaggregation does not generalize by levels:</b> there is no lattice. Its groups "
                "are in the Groups tab.");
        case anonymity::Algorithm::None:
            return tr("<b>No generalization</b> (suppression only): there is no lattice.");
        case anonymity::Algorithm::Optimal:
            break;
    }
    return tr("Run the optimal search to explore its lattice.");
}

void LatticePage::redraw() {
    const auto& lattice = m_state->searchLattice();
    const AnonymizationRun* run = m_state->run();
    if (!run || lattice.size() == 0) {
        m_scene->clear();
        m_model->setLattice({}, {});
        m_filterBar->setLattice({}, {});
        m_comparison->clear(tr("Run the optimal search to compare its transformations."));
        m_info->setText(noLatticeMessage(run));
        return;
    }
    const LatticeLevelNames names =
        LatticeLevelNames::fromConfig(run->config, run->result.quasiIdentifiers, lattice.maxLevels());
    QString text = tr("<b>%1 nodes</b> (levels of %2), %3 checked, %4 anonymous. ")
                       .arg(lattice.size())
                       .arg(names.quasiIdentifiers().join(QStringLiteral(", ")))
                       .arg(lattice.countChecked())
                       .arg(lattice.countStatus(anonymity::NodeStatus::Anonymous));
    if (auto opt = m_state->searchOptimum()) text += tr("Optimum: %1. ").arg(names.describe(lattice.levelsOf(*opt)));
    // Models that are not monotonic: the search stops once no node left could beat the optimum.
    if (const std::size_t unvisited = lattice.countStatus(anonymity::NodeStatus::Unknown))
        text += tr("%1 not visited: their least possible loss is above the optimum's, so none could "
                   "replace it. ")
                    .arg(unvisited);
    if (auto applied = m_state->appliedNode())
        text += tr("Shown now: <b>%1</b> (loss %2). ")
                    .arg(names.describe(lattice.levelsOf(*applied)).toHtmlEscaped())
                    .arg(run->result.informationLoss, 0, 'g', 4);
    text += tr("Click a node to apply it; Ctrl+wheel zooms; select a row to find its node.");
    m_info->setText(text);
    LatticeSceneBuilder::build(lattice, m_state->appliedNode(), m_scene, &names);
    m_model->setLattice(lattice, names);
    {
        const QSignalBlocker block(m_filterBar);  // applyFilter() below
        m_filterBar->setLattice(lattice, names);
    }
    // The model reset drops the selection without selectionChanged: the comparison must follow.
    compareSelection();
    applyFilter();
    std::optional<QPointF> focus;
    if (auto applied = m_state->appliedNode())
        for (QGraphicsItem* item : m_scene->items())
            if (item->data(LatticeSceneBuilder::kNodeIndexKey).isValid() &&
                item->data(LatticeSceneBuilder::kNodeIndexKey).toULongLong() == *applied)
                focus = item->sceneBoundingRect().center();
    m_view->setFocusPoint(focus);
    m_view->fitAll();
}

}  // namespace veil::ui
