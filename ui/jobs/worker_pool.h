// The thread pool for Veil's own long work (loading, summaries, previews, core jobs). Not Qt's
// global pool: Qt 6.4's raster paint engine hands parts of a paint to the global pool and waits
// for them, so a global pool busy with a long job would stall every repaint of the window.
#pragma once

#include <QThreadPool>

namespace veil::ui {

QThreadPool* workerPool();

}  // namespace veil::ui
