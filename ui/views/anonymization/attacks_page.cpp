#include "views/anonymization/attacks_page.h"

#include "views/anonymization/homogeneity_panel.h"
#include "views/anonymization/linkage_panel.h"

#include "views/anonymization/composition_panel.h"

#include <QTabWidget>
#include <QVBoxLayout>

namespace veil::ui {

AttacksPage::AttacksPage(AnonymizationState* state, QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_linkage = new LinkagePanel(state, m_tabs);
    m_homogeneity = new HomogeneityPanel(state, m_tabs);
    m_tabs->addTab(m_linkage, tr("Linkage"));
    m_tabs->addTab(m_homogeneity, tr("Homogeneity"));
    m_composition = new CompositionPanel(state, m_tabs);
    m_tabs->addTab(m_composition, tr("Composition"));
    layout->addWidget(m_tabs);
    connect(m_homogeneity, &HomogeneityPanel::runRequested, this, &AttacksPage::runRequested);
}

}  // namespace veil::ui
