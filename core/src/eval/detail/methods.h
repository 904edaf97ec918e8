// Registration hooks of the method families (one file per engine) used by method_registry.cpp.
#pragma once

#include "veil/eval/experiment.h"
#include "veil/eval/method_registry.h"

#include <vector>

namespace veil::eval::detail {

void addCountMethods(std::vector<MethodInfo>& out);      // count:laplace, count:geometric
void addMedianMethods(std::vector<MethodInfo>& out);     // median:exponential, median:smooth, median:histogram
void addHistogramMethods(std::vector<MethodInfo>& out);  // histogram:* (dp histogram strategies)
void addSpatialMethods(std::vector<MethodInfo>& out);    // psd:* (spatial decompositions)
void addGraphMethods(std::vector<MethodInfo>& out);      // graph:* (graph statistic releases)
void addAnonymityMethods(std::vector<MethodInfo>& out);  // optimal:<metric>, mondrian (syntactic, over k)
void addSynthMethods(std::vector<MethodInfo>& out);      // synth:privbayes, synth:mst, synth:aim, synth:independent

// Reads the table of a synth:* experiment and discretizes it onto the declared "domains"
// (synth_methods.cpp). Errors: unreadable table, malformed domains (named), unknown columns.
Status loadSyntheticInputs(const Experiment& e, ExperimentInputs& in);

// The records of a 1-D histogram as values (bin index repeated count times; fractional counts
// rounded to the nearest integer), for mechanisms that take values.
std::vector<double> histogramRecords(const HistogramData& data);

}  // namespace veil::eval::detail
