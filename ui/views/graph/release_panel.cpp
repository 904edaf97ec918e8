#include "views/graph/release_panel.h"

#include "views/graph/graph_parameters.h"
#include "jobs/core_job.h"
#include "workbench/local_path.h"
#include "panels/privacy_value_edit.h"
#include "views/graph/graph_parameters.h"
#include "views/graph/release_model.h"

#include "veil/common/random.h"
#include "veil/graph/graph_io.h"
#include "veil/graph/statistic.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

#include "views/graph/graph_release.h"
#include "views/release/view_release.h"
#include "workbench/release_session.h"

#include <QFileInfo>

namespace veil::ui {
namespace {
constexpr const char* kProfile = "profile:";
}

ReleasePanel::ReleasePanel(GraphParameters* parameters, QUndoStack* undo, JobMonitor* jobs, ReleaseSession* session,
                           QWidget* parent)
    : QWidget(parent),
      m_parameters(parameters),
      m_undo(undo),
      m_session(session),
      m_job(new CoreJob(jobs, this)),
      m_model(new ReleaseModel(this)) {
    m_statistic = new QComboBox(this);
    m_statistic->setObjectName(QStringLiteral("releaseStatistic"));
    for (const char* s : {"edges", "max-degree", "triangles", "two-stars"})
        m_statistic->addItem(QString::fromLatin1(s), QString::fromLatin1(s));
    m_statistic->addItem(tr("local profile query…"), QString::fromLatin1(kProfile));
    m_profile = new QLineEdit(this);
    m_profile->setObjectName(QStringLiteral("releaseProfile"));
    m_profile->setPlaceholderText(tr("e.g. Officer,Officer/1-2  (neighbours with labels, constraints)"));
    m_profile->setEnabled(false);
    m_privacy = new QComboBox(this);
    m_privacy->setObjectName(QStringLiteral("releasePrivacy"));
    m_privacy->addItem(tr("edge-level (neighbours differ in one edge)"), QStringLiteral("edge"));
    m_privacy->addItem(tr("node-level (neighbours differ in one node's edges)"), QStringLiteral("node"));
    m_epsilon = new QSlider(Qt::Horizontal, this);
    m_epsilon->setObjectName(QStringLiteral("releaseEpsilon"));
    m_epsilon->setRange(0, 3000);
    m_epsilonInput = new PrivacyValueEdit(PrivacyValueEdit::Kind::Epsilon, this);
    m_delta = new QComboBox(this);
    m_delta->setObjectName(QStringLiteral("releaseDelta"));
    for (int e = 3; e <= 9; ++e) m_delta->addItem(QStringLiteral("1e-%1").arg(e), std::pow(10.0, -e));
    m_k = new QSpinBox(this);
    m_k->setObjectName(QStringLiteral("releaseK"));
    m_k->setRange(1, 1000000);
    m_seeded = new QCheckBox(tr("Fixed seed (demo)"), this);
    m_seeded->setObjectName(QStringLiteral("releaseSeeded"));
    m_run = new QPushButton(tr("Compare"), this);  // computes every method's release, side by side
    m_run->setToolTip(
        tr("Release the statistic with every method of this notion, to compare their noise. In "
           "release mode each method is a release of its own, charged to the ledger."));
    m_run->setObjectName(QStringLiteral("releaseRun"));
    m_run->setEnabled(false);
    m_bundle = new QPushButton(tr("Release…"), this);
    m_bundle->setObjectName(QStringLiteral("releaseBundle"));
    m_bundle->setToolTip(
        tr("Write the selected method's release (else the first) as a release bundle naming "
           "the ledger entry it was charged to"));
    m_bundle->setEnabled(false);
    m_banner = new QLabel(ReleaseModel::seededMark().toUpper(), this);
    m_banner->setObjectName(QStringLiteral("seededBanner"));
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #b00000; color: white; font-weight: bold; padding: 4px; }"));
    m_banner->setAlignment(Qt::AlignCenter);
    m_banner->hide();
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("releaseNote"));
    m_note->setWordWrap(true);

    auto* epsilonRow = new QHBoxLayout;
    epsilonRow->addWidget(m_epsilon, 1);
    epsilonRow->addWidget(m_epsilonInput);
    epsilonRow->setAlignment(m_epsilon, Qt::AlignTop);
    auto* form = new QFormLayout;
    form->addRow(tr("Statistic"), m_statistic);
    form->addRow(tr("Profile"), m_profile);
    form->addRow(tr("Privacy"), m_privacy);
    form->addRow(tr("ε (log scale)"), epsilonRow);
    form->addRow(tr("δ"), m_delta);
    form->addRow(tr("k (degree bound)"), m_k);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_seeded);
    runRow->addStretch(1);
    runRow->addWidget(m_run);
    runRow->addWidget(m_bundle);
    form->addRow(runRow);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("releaseTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_banner);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_note);

    auto push = [this](GraphParameters::Key key, const QVariant& v) {
        pushGraphParameter(m_undo, m_parameters, key, v);
    };
    connect(m_statistic, &QComboBox::activated, this,
            [this, push] { push(GraphParameters::Statistic, currentStatistic()); });
    connect(m_profile, &QLineEdit::editingFinished, this,
            [this, push] { push(GraphParameters::Statistic, currentStatistic()); });
    connect(m_privacy, &QComboBox::activated, this,
            [this, push] { push(GraphParameters::Privacy, m_privacy->currentData()); });
    connect(m_epsilon, &QSlider::valueChanged, this, [push](int v) { push(GraphParameters::Epsilon, epsilonAt(v)); });
    connect(m_epsilonInput, &PrivacyValueEdit::valueEdited, this,
            [push](double v) { push(GraphParameters::Epsilon, v); });
    connect(m_delta, &QComboBox::activated, this,
            [this, push] { push(GraphParameters::Delta, m_delta->currentData()); });
    connect(m_k, &QSpinBox::valueChanged, this, [push](int v) { push(GraphParameters::K, v); });
    connect(m_seeded, &QCheckBox::toggled, this, [push](bool on) { push(GraphParameters::Seeded, on); });
    connect(m_run, &QPushButton::clicked, this, &ReleasePanel::release);
    connect(m_bundle, &QPushButton::clicked, this, &ReleasePanel::releaseBundle);
    connect(m_parameters, &GraphParameters::changed, this, &ReleasePanel::syncFromParameters);
    connectOutdated();
    connect(m_job, &CoreJob::failed, this, [this](const QString& message) { m_note->setText(message); });
    if (m_session)
        connect(m_session, &ReleaseSession::teachingChanged, this, [this] {
            // Results of the other mode are not shown as if they belonged to this one.
            m_model->clear();
            m_banner->hide();
            m_note->clear();
            m_bundle->setEnabled(false);
        });
    syncFromParameters();
}

// The results shown were computed with the settings of their run: an edit makes them outdated.
void ReleasePanel::connectOutdated() {
    connect(m_parameters, &GraphParameters::changed, this, [this] {
        if (m_model->entries().empty() || m_outdated) return;
        m_outdated = true;
        m_bundle->setEnabled(false);
        m_note->setText(
            tr("Outdated: the settings changed since these results were computed. Press Compare "
               "again before releasing."));
    });
}

int ReleasePanel::sliderPosition(double epsilon) { return int(std::lround((std::log10(epsilon) + 2.0) * 1000.0)); }
double ReleasePanel::epsilonAt(int position) {
    // Rounded to 3 significant digits so that the label and the release use the same number.
    const double e = std::pow(10.0, position / 1000.0 - 2.0);
    return QString::number(e, 'g', 3).toDouble();
}

QString ReleasePanel::currentStatistic() const {
    const QString data = m_statistic->currentData().toString();
    return data == QLatin1String(kProfile) ? data + m_profile->text().trimmed() : data;
}

void ReleasePanel::syncFromParameters() {
    const QSignalBlocker b1(m_statistic), b2(m_privacy), b3(m_epsilon), b4(m_delta), b5(m_k), b6(m_seeded),
        b7(m_profile);
    const QString statistic = m_parameters->statistic();
    if (statistic.startsWith(QLatin1String(kProfile))) {
        m_statistic->setCurrentIndex(m_statistic->findData(QString::fromLatin1(kProfile)));
        m_profile->setText(statistic.mid(int(qstrlen(kProfile))));
    } else {
        m_statistic->setCurrentIndex(m_statistic->findData(statistic));
    }
    m_profile->setEnabled(statistic.startsWith(QLatin1String(kProfile)));
    m_privacy->setCurrentIndex(m_privacy->findData(m_parameters->privacy()));
    m_epsilon->setValue(sliderPosition(m_parameters->epsilon()));
    m_epsilonInput->setValue(m_parameters->epsilon());
    int deltaIndex = 0;
    for (int i = 0; i < m_delta->count(); ++i)
        if (std::abs(m_delta->itemData(i).toDouble() - m_parameters->delta()) < 1e-15) deltaIndex = i;
    m_delta->setCurrentIndex(deltaIndex);
    m_k->setValue(m_parameters->k());
    m_seeded->setChecked(m_parameters->seeded());
}

std::vector<graph::MethodChoice> ReleasePanel::methodsFor(graph::Privacy privacy, const QString& statistic) {
    using graph::Method;
    if (privacy == graph::Privacy::Edge) {
        std::vector<graph::MethodChoice> m{{privacy, Method::Laplace}};
        if (statistic == QLatin1String("triangles")) m.push_back({privacy, Method::NoisyMaxDegree});
        m.push_back({privacy, Method::Restricted});
        return m;
    }
    return {{privacy, Method::Laplace}, {privacy, Method::Restricted}, {privacy, Method::Truncation}};
}

QString ReleasePanel::methodTitle(const graph::MethodChoice& m) {
    const bool edge = m.privacy == graph::Privacy::Edge;
    switch (m.method) {
        case graph::Method::Laplace:
            return tr("Global sensitivity\n(Laplace)");
        case graph::Method::NoisyMaxDegree:
            return tr("Noisy max degree\n(Laplace)");
        case graph::Method::Restricted:
            return edge ? tr("Restricted sensitivity\n(edge projection)") : tr("Restricted sensitivity\n(vertex LP)");
        case graph::Method::Truncation:
            return tr("Naive truncation\n(smooth bound)");
    }
    return {};
}

void ReleasePanel::setGraph(std::shared_ptr<const graph::Graph> graph) {
    m_graph = std::move(graph);
    m_model->clear();
    m_outdated = false;
    m_banner->hide();
    m_note->clear();
    m_run->setEnabled(m_graph != nullptr);
    m_bundle->setEnabled(false);
}

void ReleasePanel::release() {
    if (!m_graph) return;
    auto statistic = graph::parseStatistic(m_parameters->statistic().toStdString(), *m_graph);
    if (!statistic) {
        m_note->setText(QString::fromStdString(statistic.status().message()));
        return;
    }
    graph::ReleaseRequest request;
    request.statistic = *statistic;
    request.privacy = m_parameters->privacy() == QLatin1String("node") ? graph::Privacy::Node : graph::Privacy::Edge;
    request.k = std::size_t(std::max(1, m_parameters->k()));
    request.epsilon = m_parameters->epsilon();
    request.delta = m_parameters->delta();
    const auto methods = methodsFor(request.privacy, m_parameters->statistic());
    const bool seeded = m_parameters->seeded();
    if (!m_session) {
        m_note->setText(tr("No release session: nothing can be released."));
        return;
    }
    if (auto st = graph::requireDeclaredNodes(localPath(m_sourcePath), m_labelsDeclared, false);
        !m_session->isTeaching() && !st) {  // the public node set (an edge list gives only the nodes with an edge)
        m_note->setText(tr("Not released: %1").arg(QString::fromStdString(st.message())));
        return;
    }
    auto gate = m_session->makeGate(datasetKeyForPath(m_sourcePath),
                                    seeded ? std::optional<std::uint64_t>(kDemoSeed) : std::nullopt);
    if (!gate) {
        m_note->setText(tr("Not released: %1").arg(QString::fromStdString(gate.status().message())));
        return;
    }
    nlohmann::json plan = {{"kind", "graph-statistic"},
                           {"source", "graph view"},
                           {"statistic", m_parameters->statistic().toStdString()},
                           {"privacy", graph::privacyName(request.privacy)},
                           {"k", request.k},
                           {"epsilon", request.epsilon},
                           {"delta", request.delta},
                           {"seed", seeded ? nlohmann::json(kDemoSeed) : nlohmann::json(nullptr)}};
    const bool teaching = (*gate)->isTeaching();
    m_note->setText(teaching ? tr("Teaching mode - not private: nothing is charged; true values are shown.")
                             : tr("Each method is a release of its own: each is charged ε = %1 (and its δ) to the "
                                  "ledger before it is computed.")
                                   .arg(request.epsilon));
    m_job->start(tr("Releasing %1").arg(m_parameters->statistic()),
                 [this, graph = m_graph, request, methods, seeded, plan, gate = *gate](const RunContext& ctx) {
                     ctx.report(0.0, "Releasing");
                     auto results = graph::compareReleases(*gate, *graph, request, methods, ctx);
                     if (ctx.cancelled()) return CoreJobOutcome{Status::cancelled(), {}, {}};
                     ctx.report(1.0, "Releasing");
                     auto entries = std::make_shared<std::vector<ReleaseModel::Entry>>();
                     std::size_t charged = 0, ok = 0;
                     for (std::size_t i = 0; i < results.size(); ++i) {
                         if (results[i]) ++ok;
                         if (results[i] && results[i]->receipt.ledgerEntry) ++charged;
                         entries->push_back({methodTitle(methods[i]), std::move(results[i])});
                     }
                     // Never "Released" for what was refused: the message counts both.
                     QString summary;
                     if (gate->isTeaching())
                         summary = tr("Teaching mode: %1 methods compared, nothing charged").arg(results.size());
                     else if (ok == 0)
                         summary = tr("Not released: all %1 methods were refused").arg(results.size());
                     else if (ok < results.size())
                         summary = tr("Released with %1 of %2 methods (%3 refused), %4 ledger entries")
                                       .arg(ok)
                                       .arg(results.size())
                                       .arg(results.size() - ok)
                                       .arg(charged);
                     else
                         summary = tr("Released with %1 methods, %2 ledger entries").arg(results.size()).arg(charged);
                     return CoreJobOutcome{Status::ok(),
                                           [this, entries, seeded, plan] {
                                               m_model->setEntries(std::move(*entries), seeded);
                                               m_outdated = false;
                                               m_banner->setVisible(seeded);
                                               m_runPlan = plan;
                                               m_bundle->setEnabled(bundleEntryIndex() >= 0);
                                           },
                                           summary};
                 });
}

int ReleasePanel::bundleEntryIndex() const {
    const auto& entries = m_model->entries();
    const int selected = m_table->currentIndex().isValid() ? m_table->currentIndex().column() - 1 : -1;
    if (selected >= 0 && selected < int(entries.size()) && entries[std::size_t(selected)].result.isOk())
        return selected;
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (entries[i].result.isOk()) return int(i);
    return -1;
}

QString ReleasePanel::noteText() const { return m_note->text(); }

void ReleasePanel::releaseBundle() {
    if (bundleEntryIndex() < 0) return;
    const QString target = askReleaseTarget(this, QStringLiteral("%1-release").arg(m_parameters->statistic()));
    if (!target.isEmpty()) releaseTo(target);
}

bool ReleasePanel::releaseTo(const QString& target) {
    const int index = bundleEntryIndex();
    if (index < 0 || m_outdated) {
        m_note->setText(m_outdated ? tr("Not bundled: the results shown are outdated (the settings changed); press "
                                        "Compare again first.")
                                   : tr("Nothing to release: press Compare to compute the methods first."));
        return false;
    }
    if (!m_session) {
        m_note->setText(tr("Release not made: no release session."));
        return false;
    }
    const auto& result = *m_model->entries()[std::size_t(index)].result;
    release::ReleaseOutcome outcome = graphOutcome(result, m_runPlan, m_model->isSeeded(), kDemoSeed);
    describeInput(outcome, m_sourcePath, datasetKeyForPath(m_sourcePath));
    // The result was charged when it was computed: the bundle names that entry and spends nothing.
    auto bundle = writeViewRelease(outcome, target, *m_session);
    m_note->setText(releaseMessage(bundle, m_model->isSeeded()));
    if (!bundle) return false;
    m_lastBundle = QString::fromStdString(bundle->dir);
    return true;
}

}  // namespace veil::ui
