#include "workbench/view_catalog.h"

#include <QCoreApplication>
#include <QWidget>

// Each view is included when its header exists (views are developed in parallel).
#if __has_include("views/anonymization/anonymization_view.h")
#include "views/anonymization/anonymization_view.h"
#define VEIL_VIEW_ANONYMIZATION 1
#endif
#if __has_include("views/mechanisms/mechanisms_view.h")
#include "views/mechanisms/mechanisms_view.h"
#define VEIL_VIEW_MECHANISMS 1
#endif
#if __has_include("views/histograms/histograms_view.h")
#include "views/histograms/histograms_view.h"
#define VEIL_VIEW_HISTOGRAMS 1
#endif
#if __has_include("views/spatial/spatial_view.h")
#include "views/spatial/spatial_view.h"
#define VEIL_VIEW_SPATIAL 1
#endif
#if __has_include("views/graph/graph_view.h")
#include "views/graph/graph_view.h"
#define VEIL_VIEW_GRAPH 1
#endif
#if __has_include("views/experiments/experiments_view.h")
#include "views/experiments/experiments_view.h"
#define VEIL_VIEW_EXPERIMENTS 1
#endif
#if __has_include("views/ledger/ledger_view.h")
#include "views/ledger/ledger_view.h"
#define VEIL_VIEW_LEDGER 1
#endif

namespace veil::ui {

namespace {
[[maybe_unused]] QString tr(const char* text) { return QCoreApplication::translate("ViewCatalog", text); }
}  // namespace

std::vector<ViewEntry> workbenchViews() {
    std::vector<ViewEntry> views;
#ifdef VEIL_VIEW_ANONYMIZATION
    views.push_back({"anonymize", tr("Anonymize"), [](WorkbenchContext& c) { return new AnonymizationView(c); }});
#endif
#ifdef VEIL_VIEW_MECHANISMS
    views.push_back({"mechanisms", tr("Mechanisms"), [](WorkbenchContext& c) { return new MechanismsView(c); }});
#endif
#ifdef VEIL_VIEW_HISTOGRAMS
    views.push_back({"histograms", tr("Histograms"), [](WorkbenchContext& c) { return new HistogramsView(c); }});
#endif
#ifdef VEIL_VIEW_SPATIAL
    views.push_back({"spatial", tr("Spatial"), [](WorkbenchContext& c) { return new SpatialView(c); }});
#endif
#ifdef VEIL_VIEW_GRAPH
    views.push_back({"graph", tr("Graph"), [](WorkbenchContext& c) { return new GraphView(c); }});
#endif
#ifdef VEIL_VIEW_EXPERIMENTS
    views.push_back({"experiments", tr("Experiments"), [](WorkbenchContext& c) { return new ExperimentsView(c); }});
#endif
#ifdef VEIL_VIEW_LEDGER
    views.push_back({"ledger", tr("Ledger"), [](WorkbenchContext& c) { return new LedgerView(c); }});
#endif
    return views;
}

}  // namespace veil::ui
