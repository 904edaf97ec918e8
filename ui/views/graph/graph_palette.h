// Colours of the Graph view: Okabe-Ito's colour-blind safe palette for node labels, and the
// styles of highlighted nodes and of the edges a projection removes. Chosen to stay distinct on
// a projector.
#pragma once

#include <QColor>

#include <cstddef>

namespace veil::ui::graph_palette {

// Fill for label index `label` (-1 = no label: grey).
QColor labelColor(int label);
// Text colour readable on labelColor(label).
QColor textColorOn(int label);
// Edges in grey, fainter the more edges there are (level of detail: 16,715 edges of polblogs at
// full opacity are a solid blot; faint, their density shows the communities).
QColor edgeColor(std::size_t edges = 0);
// Black, dashed in the canvas: a colour no label uses (nor the grey of unlabelled nodes); opaque
// up to 200 removed edges, then fainter as edgeColor (thousands of removed edges are a blot).
QColor removedEdgeColor(std::size_t removed = 0);
QColor highlightOutline();
QColor nodeOutline();

// In View > High Contrast (dp_chart::highContrast()) every colour above is its high-contrast
// counterpart: label fills of at least 4.5:1 on white (WCAG 2.1) in distinct hues, darker edges
// and outlines. The canvas re-colours itself when the palette changes.

}  // namespace veil::ui::graph_palette
