// The result of one Synthesize run, applied on the GUI thread: the release (charged through the
// gate), the plan that reproduces it, and in teaching mode the evaluation against the real data
// (not private, never bundled).
#pragma once

#include "veil/eval/synth_evaluation.h"
#include "veil/release/release_plan.h"
#include "veil/synth/privbayes.h"

#include <QStringList>

#include <map>
#include <optional>
#include <string>

namespace veil::ui {

struct SynthesisResult {
    release::ReleasePlan plan;  // kind "synthetic": what the bundle records
    release::SyntheticPlan syntheticPlan;
    synth::SyntheticRelease release;
    QString inputPath;                                    // the table the run read
    QStringList domainFromData;                           // columns whose domain was read off the data
    std::optional<synth::DiscreteTable> real;             // teaching mode: the real rows, discretized
    std::optional<eval::SynthEvaluation> evaluation;      // teaching mode: TVDs (no accuracy)
    std::map<std::string, eval::SynthAccuracy> accuracy;  // teaching mode: per target column
};

}  // namespace veil::ui
