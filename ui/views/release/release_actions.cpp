#include "views/release/release_actions.h"

#include "document/document.h"
#include "jobs/core_job.h"
#include "views/release/project_session.h"
#include "views/release/view_release.h"
#include "workbench/job_monitor.h"
#include "workbench/local_path.h"
#include "workbench/release_session.h"

#include "veil/release/release_bundle.h"

#include <QAction>
#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QUrl>

namespace veil::ui {

namespace {}  // namespace

ReleaseActions::ReleaseActions(QWidget* window, Document* document, JobMonitor* jobs, ReleaseSession* release,
                               QTabWidget* workspace, std::function<void(const QString&)> openTable)
    : QObject(window),
      m_window(window),
      m_document(document),
      m_jobs(jobs),
      m_release(release),
      m_workspace(workspace),
      m_openTable(std::move(openTable)),
      m_session(new ProjectSession(document, this)) {
    m_newProject = new QAction(tr("&New Project…"), this);
    m_newProject->setObjectName(QStringLiteral("newProjectAction"));
    m_newProject->setShortcut(QKeySequence::New);
    m_newProject->setStatusTip(tr("Keep this table, its roles, plans, releases and privacy ledger in a .veil project"));
    connect(m_newProject, &QAction::triggered, this, &ReleaseActions::newProject);
    m_openProject = new QAction(tr("Open &Project…"), this);
    m_openProject->setObjectName(QStringLiteral("openProjectAction"));
    m_openProject->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(m_openProject, &QAction::triggered, this, &ReleaseActions::openProjectDialog);
    m_runPlan = new QAction(tr("&Run Release Plan…"), this);
    m_runPlan->setObjectName(QStringLiteral("runPlanAction"));
    m_runPlan->setStatusTip(tr("Run a release plan (JSON) and write a release bundle with manifest and report"));
    connect(m_runPlan, &QAction::triggered, this, &ReleaseActions::runPlanDialog);

    connect(m_session, &ProjectSession::saveFailed, this,
            [this](const QString& message) { QMessageBox::warning(m_window, tr("Project not saved"), message); });
    connect(m_workspace, &QTabWidget::currentChanged, this, [this](int index) {
        if (QWidget* w = m_workspace->widget(index))
            (void)m_session->saveUiState(QStringLiteral("view"), w->objectName());
    });
    connect(m_document, &Document::tableReset, this, [this] { restoreView(); });
    // The open project's ledger is the one every view charges.
    connect(m_session, &ProjectSession::projectChanged, this, [this] {
        if (m_release) m_release->useProjectLedger(m_session->ledger(), m_session->path());
    });
}

void ReleaseActions::newProject() {
    QString path = QFileDialog::getSaveFileName(m_window, tr("New Project"), QString(), tr("Veil projects (*.veil)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QStringLiteral(".veil"))) path += QStringLiteral(".veil");
    if (Status s = m_session->create(path); !s.isOk())
        QMessageBox::critical(m_window, tr("Cannot create the project"), QString::fromStdString(s.message()));
}

void ReleaseActions::openProjectDialog() {
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open Project"), QString(), tr("Veil projects (*.veil)"));
    if (!path.isEmpty()) openProject(path);
}

bool ReleaseActions::openProject(const QString& path) {
    QString dataset;
    int state = 0;
    if (Status s = m_session->open(path, &dataset, &state); !s.isOk()) {
        QMessageBox::critical(m_window, tr("Cannot open the project"),
                              tr("%1\n\nThe file was not changed.").arg(QString::fromStdString(s.message())));
        return false;
    }
    if (dataset.isEmpty()) return true;
    if (state != 0) {
        QMessageBox box(QMessageBox::Warning, tr("Dataset changed"),
                        state == 2 ? tr("The project's dataset %1 was moved or deleted.").arg(dataset)
                                   : tr("The project's dataset %1 has changed since it was added (its content hash "
                                        "differs). Releases recorded for it may not describe the new contents.")
                                         .arg(dataset),
                        QMessageBox::Cancel, m_window);
        QPushButton* relink = box.addButton(tr("Relink…"), QMessageBox::AcceptRole);
        QPushButton* anyway = state == 1 ? box.addButton(tr("Open Anyway"), QMessageBox::DestructiveRole) : nullptr;
        box.exec();
        if (box.clickedButton() == static_cast<QAbstractButton*>(relink)) {
            const QString newPath =
                QFileDialog::getOpenFileName(m_window, tr("Relink Dataset"), QFileInfo(dataset).path(),
                                             tr("Tables (*.csv *.tsv *.txt);;All files (*)"));
            if (newPath.isEmpty()) return true;
            if (Status s = m_session->relinkDataset(newPath); !s.isOk()) {
                QMessageBox::critical(m_window, tr("Cannot relink"), QString::fromStdString(s.message()));
                return true;
            }
            dataset = newPath;
        } else if (!anyway || box.clickedButton() != static_cast<QAbstractButton*>(anyway)) {
            return true;
        }
    }
    m_openTable(dataset);
    return true;
}

void ReleaseActions::restoreView() {
    const QString view = m_session->uiState(QStringLiteral("view"));
    for (int i = 0; !view.isEmpty() && i < m_workspace->count(); ++i)
        if (m_workspace->widget(i)->objectName() == view) m_workspace->setCurrentIndex(i);
}

void ReleaseActions::runPlanDialog() {
    const QString plan =
        QFileDialog::getOpenFileName(m_window, tr("Run Release Plan"), QString(), tr("Release plans (*.json)"));
    if (plan.isEmpty()) return;
    const QString out = askReleaseTarget(m_window, QFileInfo(plan).absolutePath() + QStringLiteral("/release"));
    if (!out.isEmpty()) runPlan(plan, out);
}

void ReleaseActions::runPlan(const QString& planPath, const QString& outputDir) {
    auto refuse = [this](const QString& message) {
        m_jobs->end(tr("Release not made: %1").arg(message));
        Q_EMIT releaseFinished(QString(), message);
    };
    if (!m_release) return refuse(tr("no release session"));
    if (m_release->isTeaching())
        return refuse(tr("teaching mode is on: what it shows is not private, so it can never make a release"));
    // The bundle's place and the dataset are known before anything is charged: the ledger entry
    // names the bundle, and the plan is charged to its own dataset.
    auto plan = release::loadReleasePlan(localPath(planPath));
    if (!plan) return refuse(QString::fromStdString(plan.status().message()));
    auto datasetKey = release::planDatasetKey(*plan);
    if (!datasetKey) return refuse(QString::fromStdString(datasetKey.status().message()));
    auto target = release::prepareBundleTarget(localPath(outputDir));
    if (!target) return refuse(QString::fromStdString(target.status().message()));
    auto gate = m_release->makeGate(QString::fromStdString(*datasetKey), std::nullopt, release::bundleDetails(*target));
    if (!gate) return refuse(QString::fromStdString(gate.status().message()));
    // One job per run: the plan runs off the UI thread (charged first, through the gate); the
    // bundle is written on the GUI thread by the helper the views' Release… use.
    auto* job = new CoreJob(m_jobs, this);
    connect(job, &CoreJob::failed, this, refuse);
    connect(job, &CoreJob::cancelled, this, [this] { Q_EMIT releaseFinished(QString(), tr("cancelled")); });
    connect(job, &CoreJob::finished, job, &QObject::deleteLater);
    // The destination stays locked (by `prepared`) until the bundle is in place or the job ends.
    auto prepared = std::make_shared<const release::BundleTarget>(std::move(*target));
    job->start(tr("Releasing %1").arg(QFileInfo(planPath).fileName()),
               [this, plan = *plan, gate = *gate, outputDir, prepared](const RunContext& ctx) -> CoreJobOutcome {
                   auto outcome = release::runReleasePlan(plan, *gate, ctx);
                   if (!outcome) return {outcome.status(), {}, {}};
                   auto shared = std::make_shared<const release::ReleaseOutcome>(std::move(*outcome));
                   return {Status::ok(),
                           [this, shared, outputDir, prepared] { writeBundle(*shared, outputDir, *prepared); },
                           {}};
               });
}

void ReleaseActions::writeBundle(const release::ReleaseOutcome& outcome, const QString& outputDir,
                                 const release::BundleTarget& prepared) {
    auto bundle = writeViewRelease(outcome, outputDir, *m_release, std::nullopt, &prepared);
    const QString error = bundle ? QString() : QString::fromStdString(bundle.status().message());
    const QString bundleDir = bundle ? QString::fromStdString(bundle->dir) : QString();
    if (error.isEmpty())
        m_jobs->end(tr("Release written to %1").arg(bundleDir));
    else
        m_jobs->end(tr("Release not made: %1").arg(error));
    Q_EMIT releaseFinished(bundleDir, error);
}

}  // namespace veil::ui
