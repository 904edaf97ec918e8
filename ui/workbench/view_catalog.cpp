#include "workbench/view_catalog.h"

#include <QCoreApplication>
#include <QWidget>

#include "views/anonymization/anonymization_view.h"
#include "views/mechanisms/mechanisms_view.h"
#include "views/histograms/histograms_view.h"
#include "views/synthesis/synthesis_view.h"
#include "views/spatial/spatial_view.h"
#include "views/graph/graph_view.h"
#include "views/experiments/experiments_view.h"
#include "views/ledger/ledger_view.h"

namespace veil::ui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("ViewCatalog", text); }
}  // namespace

std::vector<ViewEntry> workbenchViews() {
    std::vector<ViewEntry> views;
    views.push_back({"anonymize", tr("Anonymize"), [](WorkbenchContext& c) { return new AnonymizationView(c); }});
    views.push_back({"mechanisms", tr("Mechanisms"), [](WorkbenchContext& c) { return new MechanismsView(c); }});
    views.push_back({"histograms", tr("Histograms"), [](WorkbenchContext& c) { return new HistogramsView(c); }});
    views.push_back({"synthesize", tr("Synthesize"), [](WorkbenchContext& c) { return new SynthesisView(c); }});
    views.push_back({"spatial", tr("Spatial"), [](WorkbenchContext& c) { return new SpatialView(c); }});
    views.push_back({"graph", tr("Graph"), [](WorkbenchContext& c) { return new GraphView(c); }});
    views.push_back({"experiments", tr("Experiments"), [](WorkbenchContext& c) { return new ExperimentsView(c); }});
    views.push_back({"ledger", tr("Ledger"), [](WorkbenchContext& c) { return new LedgerView(c); }});
    return views;
}

}  // namespace veil::ui
