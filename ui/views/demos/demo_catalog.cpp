#include "views/demos/demo_catalog.h"

#include "views/demos/composition_demo.h"
#include "views/demos/graph_triangles_demo.h"
#include "views/demos/homogeneity_demo.h"
#include "views/demos/laplace_geometric_demo.h"
#include "views/demos/linkage_demo.h"
#include "views/demos/median_demo.h"
#include "views/demos/randomized_response_demo.h"
#include "views/demos/sparse_vector_demo.h"
#include "views/demos/spatial_demo.h"

namespace veil::ui {

std::vector<DemoEntry> classroomDemos() {
    // The window embeds each demo in a dialog; it runs its main action once so the class sees a result.
    // (The context is not kept: the demos use only core and their own data.)
    auto make = [](auto factory) {
        return [factory](WorkbenchContext&, QWidget* parent) -> QWidget* {
            auto* page = factory(parent);
            page->run();
            return page;
        };
    };
    return {
        {QStringLiteral("linkage"), QObject::tr("1. Linkage attack"),
         make([](QWidget* p) { return new LinkageDemo(p); })},
        {QStringLiteral("homogeneity"), QObject::tr("2. k-anonymity, homogeneity attack, l-diversity"),
         make([](QWidget* p) { return new HomogeneityDemo(p); })},
        {QStringLiteral("composition"), QObject::tr("3. Composition of two k-anonymous releases"),
         make([](QWidget* p) { return new CompositionDemo(p); })},
        {QStringLiteral("randomized-response"), QObject::tr("4. Randomized response with a die"),
         make([](QWidget* p) { return new RandomizedResponseDemo(p); })},
        {QStringLiteral("laplace-geometric"), QObject::tr("5. Laplace vs geometric count: what ε means"),
         make([](QWidget* p) { return new LaplaceGeometricDemo(p); })},
        {QStringLiteral("median"), QObject::tr("6. The private median three ways"),
         make([](QWidget* p) { return new MedianDemo(p); })},
        {QStringLiteral("spatial"), QObject::tr("7. Private spatial decompositions"),
         make([](QWidget* p) { return new SpatialDemo(p); })},
        {QStringLiteral("graph-triangles"), QObject::tr("8. Triangles in a social network: sensitivity"),
         make([](QWidget* p) { return new GraphTrianglesDemo(p); })},
        {QStringLiteral("sparse-vector"), QObject::tr("9. Sparse vector: many queries, few answers paid for"),
         make([](QWidget* p) { return new SparseVectorDemo(p); })},
    };
}

}  // namespace veil::ui
