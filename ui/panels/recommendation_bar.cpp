#include "panels/recommendation_bar.h"

#include "veil/common/validate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace veil::ui {

RecommendationBar::RecommendationBar(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("recommendation-bar"));
    m_scale = new QSpinBox(this);
    m_scale->setObjectName(QStringLiteral("recommendation-scale"));
    m_scale->setRange(1, 1'000'000'000);
    m_scale->setValue(10000);
    m_scale->setKeyboardTracking(false);
    m_scale->setToolTip(tr("The number of records N, declared (public): never read off the data"));
    m_workload = new QComboBox(this);
    m_workload->setObjectName(QStringLiteral("recommendation-workload"));
    m_workload->addItem(tr("random ranges"), QStringLiteral("random-ranges"));
    m_workload->addItem(tr("prefixes"), QStringLiteral("prefix"));
    m_workload->addItem(tr("points"), QStringLiteral("point"));
    m_workload->setToolTip(tr("The shape of the queries the release will answer"));
    m_noisyButton = new QPushButton(tr("Noisy N"), this);
    m_noisyButton->setObjectName(QStringLiteral("recommendation-noisy-scale"));
    m_noisyButton->setToolTip(tr("Spend a small ε on a noisy count of the records (charged like any release)"));
    m_scaleLabel = new QLabel(this);
    m_scaleLabel->setObjectName(QStringLiteral("recommendation-scale-source"));
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("recommendation"));
    m_hint->setWordWrap(true);
    m_use = new QPushButton(tr("Use it"), this);
    m_use->setObjectName(QStringLiteral("use-recommendation"));
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Scale N"), this));
    row->addWidget(m_scale, 1);
    row->addWidget(m_noisyButton);
    row->addWidget(m_workload);
    auto* hint = new QHBoxLayout;
    hint->addWidget(m_hint, 1);
    hint->addWidget(m_use);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_scaleLabel);
    layout->addLayout(hint);
    connect(m_scale, &QSpinBox::valueChanged, this, [this] {
        m_noisy.reset();
        update();
    });
    connect(m_workload, &QComboBox::currentIndexChanged, this, [this] { update(); });
    connect(m_noisyButton, &QPushButton::clicked, this, &RecommendationBar::noisyScaleRequested);
    connect(m_use, &QPushButton::clicked, this, [this] {
        if (!m_recommended.isEmpty()) Q_EMIT useRequested(m_recommended);
    });
    update();
}

void RecommendationBar::setDomain(int dims, std::size_t rows, std::size_t columns) {
    m_dims = dims;
    m_rows = rows;
    m_columns = columns;
    update();
}

void RecommendationBar::setEpsilon(double epsilon) {
    m_epsilon = epsilon;
    update();
}

void RecommendationBar::setCandidates(const std::vector<std::string>& algorithms) {
    m_candidates = algorithms;
    update();
}

void RecommendationBar::setDeclaredScale(double n) {
    {
        const QSignalBlocker block(m_scale);
        m_scale->setValue(static_cast<int>(std::clamp(std::round(n), 1.0, 1e9)));
    }
    m_noisy.reset();
    update();
}

void RecommendationBar::setNoisyScale(const dp::ScaleEstimate& scale) {
    m_noisy = scale;
    update();
}

void RecommendationBar::clearNoisyScale() {
    m_noisy.reset();
    update();
}

void RecommendationBar::setNoisyScaleAvailable(bool available) { m_noisyButton->setVisible(available); }

QString RecommendationBar::hintText() const { return m_hint->text(); }
QString RecommendationBar::scaleText() const { return m_scaleLabel->text(); }

void RecommendationBar::update() {
    m_recommended.clear();
    m_use->setEnabled(false);
    const double n = m_noisy ? m_noisy->records : static_cast<double>(m_scale->value());
    if (m_noisy)
        m_scaleLabel->setText(tr("N ≈ %1: noisy count of %2 (%3)")
                                  .arg(QString::fromStdString(formatNumber(std::round(n))),
                                       QString::fromStdString(m_noisy->column),
                                       QString::fromStdString(dp::receiptLine(m_noisy->receipt))));
    else
        m_scaleLabel->setText(tr("N = %1: declared (public)").arg(m_scale->value()));
    if (m_columns == 0) {
        m_hint->setText(tr("Recommended for this setting: — (no domain yet)"));
        return;
    }
    dp::RecommendRequest q;
    q.dims = m_dims;
    q.rows = m_dims == 1 ? 1 : m_rows;
    q.columns = m_columns;
    q.scale = n;
    q.epsilon = m_epsilon;
    q.candidates = m_candidates;
    auto workload = dp::parseRecommenderWorkload(m_workload->currentData().toString().toStdString());
    if (workload) q.workload = *workload;
    auto r = dp::recommendHistogramAlgorithm(q);
    if (!r) {
        m_hint->setText(tr("Recommended for this setting: — (%1)").arg(QString::fromStdString(r.status().message())));
        return;
    }
    m_recommended = QString::fromStdString(r->best().algorithm);
    m_hint->setText(tr("Recommended for this setting: <b>%1</b> — %2")
                        .arg(QString::fromStdString(r->best().name).toHtmlEscaped(),
                             QString::fromStdString(r->best().why).toHtmlEscaped()));
    QString tip;
    for (const auto& c : r->ranking)
        tip += QStringLiteral("%1: %2\n").arg(QString::fromStdString(c.name)).arg(c.expectedScaledL1, 0, 'g', 3);
    for (const auto& note : r->notes) tip += QString::fromStdString(note) + QLatin1Char('\n');
    m_hint->setToolTip(tr("Expected scaled L1 error (Veil's measurements on DPBench shapes):\n%1").arg(tip));
    m_use->setEnabled(true);
}

}  // namespace veil::ui
