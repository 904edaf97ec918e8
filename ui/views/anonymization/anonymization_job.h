// AnonymizationJob: runs veil::anonymity::anonymize() off the UI thread through a CoreJob
// (promise-mode QtConcurrent::run, progress, cancel). A cancelled run never delivers a result,
// so the view keeps the previous one.
#pragma once

#include "views/anonymization/anonymization_state.h"

#include <QObject>
#include <QString>

#include <memory>

namespace veil::ui {

class CoreJob;

class AnonymizationJob final : public QObject {
    Q_OBJECT

public:
    explicit AnonymizationJob(QObject* parent = nullptr);
    ~AnonymizationJob() override;  // cancels and waits

    bool isRunning() const;
    // Starts a run; one already running is cancelled and its result dropped.
    void start(const Table& table, const QString& inputPath, const anonymity::AnonymizationConfig& config);
    void cancel();

Q_SIGNALS:
    void progressChanged(double fraction, const QString& message);
    void succeeded(std::shared_ptr<const veil::ui::AnonymizationRun> run);
    void failed(const QString& message);
    void cancelled();
    void finished();  // after each succeeded/failed/cancelled

private:
    CoreJob* m_job;
};

}  // namespace veil::ui
