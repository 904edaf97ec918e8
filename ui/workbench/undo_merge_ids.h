// The merge ids of every undoable edit in the window, in one table. QUndoStack merges two
// consecutive commands only when their id() is equal (and not -1); the ids are distinct across
// views so that an edit in one view never merges into another view's.
#pragma once

namespace veil::ui::merge_id {

inline constexpr int kNever = -1;

// Anonymize view (AnonymizationState::edit): one id per field a spin box edits.
inline constexpr int kAnonymizationK = 0x414e0001;
inline constexpr int kAnonymizationL = 0x414e0002;
inline constexpr int kAnonymizationC = 0x414e0003;
inline constexpr int kAnonymizationT = 0x414e0004;
inline constexpr int kAnonymizationSuppression = 0x414e0005;
inline constexpr int kAnonymizationGsFactor = 0x414e0006;
inline constexpr int kAnonymizationIterations = 0x414e0007;

// Spatial view (SpatialParameters::edit).
inline constexpr int kSpatialEpsilon = 0x005e0001;
inline constexpr int kSpatialScale = 0x005e0002;
inline constexpr int kSpatialHeight = 0x005e0003;
inline constexpr int kSpatialSeed = 0x005e0004;

// Mechanisms and Histograms (pushDpParameter): one id, the parameter's name as merge key.
inline constexpr int kDpParameter = 0x64700000;

// Graph view (pushGraphParameter): this base plus GraphParameters::Key.
inline constexpr int kGraphParameterBase = 0x67720000;

}  // namespace veil::ui::merge_id
