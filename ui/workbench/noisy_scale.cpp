#include "workbench/noisy_scale.h"

#include "document/document.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

namespace veil::ui {

Result<dp::ScaleEstimate> releaseNoisyScale(const WorkbenchContext& context, const std::string& column,
                                            std::optional<std::uint64_t> seed) {
    if (!context.release || !context.document)
        return Status::invalidArgument("No release session: nothing can be released.");
    auto gate = context.release->makeGate(datasetKeyForPath(context.document->filePath()), seed);
    if (!gate) return gate.status();
    return dp::noisyScale(**gate, context.document->table(), column, kNoisyScaleEpsilon, RunContext{});
}

}  // namespace veil::ui
