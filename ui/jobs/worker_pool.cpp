#include "jobs/worker_pool.h"

#include <QCoreApplication>
#include <QThread>

#include <algorithm>

namespace veil::ui {

QThreadPool* workerPool() {
    static QThreadPool* pool = [] {
        // Owned by the application, which waits for running work when it quits.
        auto* p = new QThreadPool(QCoreApplication::instance());
        p->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        p->setObjectName(QStringLiteral("veil-workers"));
        return p;
    }();
    return pool;
}

}  // namespace veil::ui
