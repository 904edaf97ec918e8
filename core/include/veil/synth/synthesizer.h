// The synthesizers' catalogue and one entry point: every caller (veil-cli synth, "synthetic"
// release plans, the window's Synthesize view) names a method, fills one request and runs it
// through releaseSynthetic, so that the same request and seed give the same table everywhere.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/synth/aim.h"
#include "veil/synth/discretization.h"
#include "veil/synth/mst.h"
#include "veil/synth/privbayes.h"

#include <string>
#include <vector>

namespace veil::synth {

struct SynthMethodInfo {
    std::string id;        // "privbayes" | "mst" | "aim" | "independent"
    std::string name;      // "PrivBayes", "MST", "AIM", "Independent marginals"
    std::string summary;   // one line, for a tooltip or --help
    std::string citation;  // paper, venue, year
    bool zcdp = false;     // takes a delta (rho-zCDP accounting)
    // The method's own settings, by their plan keys ("beta", "max_degree", "iterations", ...).
    std::vector<std::string> settings;
};

// Refuses a setting that `method` does not read, naming the methods that do (the setting would be
// ignored, and a plan's manifest would record it as if it had an effect). `given`: plan keys.
Status checkMethodSettings(const SynthMethodInfo& method, const std::vector<std::string>& given);

// The methods, in the order a user meets them (independent last: a baseline).
const std::vector<SynthMethodInfo>& synthMethods();
// Errors: an unknown id (the message lists the known ones).
Result<const SynthMethodInfo*> findSynthMethod(const std::string& id);

// One synthesis: the method and its options (only the method's own are read; epsilon and rows
// are copied into them by setCommon).
struct SynthRequest {
    std::string method = "privbayes";
    PrivBayesOptions privBayes;  // privbayes, independent
    MstOptions mst;
    AimOptions aim;
    // Sets epsilon, rows and (zCDP methods) delta on every method's options.
    void setCommon(double epsilon, std::size_t rows, double delta);
    double epsilon() const;
    double delta() const;  // 0 for pure-epsilon methods
};

// Errors: an unknown method, the method's own option errors (named).
Status validateRequest(const SynthRequest& request);

// Runs the request's method (releasePrivBayes, releaseMst or releaseAim: one charge through
// `gate`, before anything is computed). Errors: validateRequest's, the method's.
Result<SyntheticRelease> releaseSynthetic(dp::ReleaseGate& gate, const Table& table,
                                          const std::vector<AttributeDomain>& domains, const SynthRequest& request,
                                          const RunContext& ctx = {});

}  // namespace veil::synth
