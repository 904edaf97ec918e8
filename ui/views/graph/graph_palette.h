// Colours of the Graph view: Okabe-Ito's colour-blind safe palette for node labels, and the
// styles of highlighted nodes and of the edges a projection removes. Chosen to stay distinct on
// a projector.
#pragma once

#include <QColor>

namespace veil::ui::graph_palette {

// Fill for label index `label` (-1 = no label: grey).
QColor labelColor(int label);
// Text colour readable on labelColor(label).
QColor textColorOn(int label);
QColor edgeColor();
QColor removedEdgeColor();
QColor highlightOutline();

}  // namespace veil::ui::graph_palette
