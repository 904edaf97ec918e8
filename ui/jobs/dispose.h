// Frees a big value (a million-row preview, a column's distinct values) on a pool thread, so that
// the UI thread never stalls in free() when a view lets go of it.
#pragma once

#include "jobs/worker_pool.h"

#include <memory>
#include <utility>

namespace veil::ui {

template <typename T>
void disposeInBackground(T&& value) {
    auto holder = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    workerPool()->start([holder]() mutable { holder.reset(); });
}

}  // namespace veil::ui
