#include "views/anonymization/lattice_page.h"

#include "charts/anonymization/lattice_scene_builder.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/lattice_view.h"
#include "charts/widget_export.h"

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLabel>
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
    legend->setText(html + tr("· bold outline: shown now · digits: level of each quasi-identifier"));
    layout->addWidget(legend);
    m_scene = new QGraphicsScene(this);
    m_view = new LatticeView(this);
    m_view->setObjectName(QStringLiteral("lattice-view"));
    m_view->setScene(m_scene);
    installExportMenu(m_view, QStringLiteral("lattice"));
    layout->addWidget(m_view, 1);
    connect(m_view, &LatticeView::nodeClicked, this, [this](std::size_t index) {
        const auto& lattice = m_state->searchLattice();
        if (index < lattice.size()) Q_EMIT nodeActivated(lattice.levelsOf(index));
    });
    connect(m_state, &AnonymizationState::runChanged, this, &LatticePage::redraw);
    redraw();
}

void LatticePage::redraw() {
    const auto& lattice = m_state->searchLattice();
    const AnonymizationRun* run = m_state->run();
    if (!run || lattice.size() == 0) {
        m_scene->clear();
        m_info->setText(run && run->result.algorithm == anonymity::Algorithm::Mondrian
                            ? tr("Mondrian does not search a lattice: see the Mondrian cuts tab.")
                            : tr("Run the optimal search to explore its lattice."));
        return;
    }
    QStringList qis;
    for (const auto& q : run->result.quasiIdentifiers) qis << QString::fromStdString(q);
    QString text = tr("<b>%1 nodes</b> (levels of %2), %3 checked, %4 anonymous. ")
                       .arg(lattice.size())
                       .arg(qis.join(QStringLiteral(", ")))
                       .arg(lattice.countChecked())
                       .arg(lattice.countStatus(anonymity::NodeStatus::Anonymous));
    if (auto opt = m_state->searchOptimum())
        text += tr("Optimum %1. ").arg(QString::fromStdString(anonymity::formatLevels(lattice.levelsOf(*opt))));
    if (auto applied = m_state->appliedNode())
        text += tr("Shown now: <b>%1</b> (loss %2). ")
                    .arg(QString::fromStdString(anonymity::formatLevels(lattice.levelsOf(*applied))))
                    .arg(run->result.informationLoss, 0, 'g', 4);
    text += tr("Click a node to apply it; Ctrl+wheel zooms.");
    m_info->setText(text);
    LatticeSceneBuilder::build(lattice, m_state->appliedNode(), m_scene);
    std::optional<QPointF> focus;
    if (auto applied = m_state->appliedNode())
        for (QGraphicsItem* item : m_scene->items())
            if (item->data(LatticeSceneBuilder::kNodeIndexKey).toULongLong() == *applied &&
                item->data(LatticeSceneBuilder::kNodeIndexKey).isValid())
                focus = item->sceneBoundingRect().center();
    m_view->setFocusPoint(focus);
    m_view->fitAll();
}

}  // namespace veil::ui
