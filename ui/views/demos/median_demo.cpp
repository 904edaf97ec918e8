#include "views/demos/median_demo.h"
#include "charts/chart_zoom.h"

#include "views/demos/demo_support.h"

#include "veil/common/random.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/histogram_release.h"
#include "veil/dp/smooth_sensitivity.h"

#include <QLabel>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QFormLayout>
#include <QLegend>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {

QString explanation() {
    return QObject::tr(
        "<p>The <b>median</b> age is sensitive in a strange way: one person can move it a lot or not at all, "
        "depending on the data. Three private answers:</p><ul>"
        "<li><b>Exponential mechanism</b>: pick a value with probability falling off with how many people "
        "sit between it and the true median (ε-DP).</li>"
        "<li><b>Noisy histogram</b>: count ages per year with Laplace noise, then read the median off the "
        "noisy counts (ε-DP; post-processing is free).</li>"
        "<li><b>Smooth sensitivity</b>: add noise scaled to how much the median <i>could</i> move near "
        "this data set ((ε, δ)-DP, δ = 10<sup>−6</sup>).</li></ul>"
        "<p>Change ε and the number of people: with many people all three are close; with few, the "
        "differences show.</p>"
        "<p><i>Source: seed 000, \"exponential mechanism vs. histograms for the median\"; seed 004, "
        "\"Exponential Mechanism, Example 2: Median\".</i></p>");
}

const double kEpsilons[] = {0.01, 0.05, 0.1, 0.5, 1.0};
const int kSizes[] = {50, 500, 5000};

}  // namespace

MedianDemo::MedianDemo(QWidget* parent) : DemoPage(tr("The private median three ways"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-median"));
    // Ages of the adult sample (resources/samples/adult.csv, beside resources/demos/).
    if (auto ages = demo::loadSampleColumn(QStringLiteral("adult.csv"), "age"); ages.isOk())
        m_allAges = std::move(ages).value();
    else
        m_loadError = QString::fromStdString(ages.status().message());
    auto* form = new QFormLayout;
    m_epsilon = new QComboBox;
    m_epsilon->setObjectName(QStringLiteral("epsilon"));
    for (double e : kEpsilons) m_epsilon->addItem(QString::number(e), e);
    m_epsilon->setCurrentIndex(2);
    m_size = new QComboBox;
    m_size->setObjectName(QStringLiteral("size"));
    for (int n : kSizes) m_size->addItem(tr("first %1 people of the adult sample").arg(n), n);
    m_size->setCurrentIndex(1);
    form->addRow(tr("ε"), m_epsilon);
    form->addRow(tr("Data"), m_size);
    content()->addLayout(form);
    content()->addWidget(demo::makeSeededBadge(kSeed));
    m_chart = new QChartView(new QChart);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(320);
    content()->addWidget(m_chart, 1);
    connect(m_epsilon, &QComboBox::currentIndexChanged, this, &MedianDemo::run);
    connect(m_size, &QComboBox::currentIndexChanged, this, &MedianDemo::run);
    if (!m_loadError.isEmpty()) setResult(m_loadError.toHtmlEscaped());
}

void MedianDemo::setEpsilonIndex(int index) { m_epsilon->setCurrentIndex(index); }
void MedianDemo::setSizeIndex(int index) { m_size->setCurrentIndex(index); }
std::uint64_t MedianDemo::histogramSeed(int i) { return SeededRandom::deriveSeed(kSeed, std::uint64_t(kRepeats + i)); }

double MedianDemo::epsilon() const { return m_epsilon->currentData().toDouble(); }

QString MedianDemo::doRun() {
    if (!m_loadError.isEmpty()) return m_loadError;
    const auto n = std::min<std::size_t>(std::size_t(m_size->currentData().toInt()), m_allAges.size());
    if (n == 0) return tr("No ages to release");
    m_ages.assign(m_allAges.begin(), m_allAges.begin() + std::ptrdiff_t(n));
    std::vector<double> sorted = m_ages;
    std::sort(sorted.begin(), sorted.end());
    m_median = sorted[dp::SmoothSensitivityQuantile::rank(n, 0.5) - 1];
    const double eps = epsilon();

    auto expo = dp::ExponentialQuantile::create(eps, 0.5, kLower, kUpper);
    auto smooth = dp::SmoothSensitivityQuantile::create(eps, kDelta, 0.5, kLower, kUpper);
    if (!expo.isOk()) return QString::fromStdString(expo.status().message());
    if (!smooth.isOk()) return QString::fromStdString(smooth.status().message());
    // One-year bins on [0, 100).
    std::vector<double> edges, counts(std::size_t(kUpper - kLower), 0.0);
    for (int e = int(kLower); e <= int(kUpper); ++e) edges.push_back(e);
    for (double a : m_ages) counts[std::size_t(std::clamp(a, kLower, kUpper - 1) - kLower)] += 1;
    dp::HistogramRequest request;
    request.epsilon = eps;
    request.what = "histogram of the sample ages";

    std::array<double, 3> sum{};
    for (int i = 0; i < kRepeats; ++i) {
        SeededRandom rng(SeededRandom::deriveSeed(kSeed, std::uint64_t(i)));
        auto a = expo.value().release(rng, m_ages);
        // Public sample data, many releases: a teaching gate (nothing is charged) with a stream of its own.
        dp::ReleaseGate gate = dp::ReleaseGate::teaching(histogramSeed(i));
        auto h = dp::releaseHistogram(gate, counts, request, RunContext{});
        auto s = smooth.value().release(rng, m_ages);
        if (!a.isOk()) return QString::fromStdString(a.status().message());
        if (!h.isOk()) return QString::fromStdString(h.status().message());
        if (!s.isOk()) return QString::fromStdString(s.status().message());
        const std::array<double, 3> out = {a.value(), dp::quantileFromHistogram(edges, h.value().estimate, 0.5),
                                           s.value()};
        if (i == 0) m_first = out;
        for (std::size_t m = 0; m < 3; ++m) sum[m] += std::abs(out[m] - m_median);
    }
    for (std::size_t m = 0; m < 3; ++m) m_meanError[m] = sum[m] / kRepeats;

    const QStringList names = {tr("exponential"), tr("noisy histogram"), tr("smooth sens.")};
    auto* set = new QBarSet(tr("mean |error| in years over %1 releases").arg(kRepeats));
    for (double e : m_meanError) *set << std::max(e, 1e-3);
    set->setColor(QColor(0, 114, 178));
    QFont labelFont = set->labelFont();
    labelFont.setPointSizeF(chart_zoom::points(12));
    labelFont.setBold(true);
    set->setLabelFont(labelFont);
    auto* bars = new QBarSeries;
    bars->append(set);
    bars->setLabelsVisible(true);
    bars->setLabelsFormat(QStringLiteral("@value"));
    bars->setLabelsPrecision(3);
    auto* chart = new QChart;
    chart->setTitle(tr("Median age of %1 people at ε = %2: error of each method").arg(n).arg(eps));
    chart->addSeries(bars);
    auto* x = new QBarCategoryAxis;
    x->append(names);
    auto* y = new QLogValueAxis;
    y->setTitleText(tr("mean |error| (years, log scale)"));
    y->setLabelFormat(QStringLiteral("%g"));
    const double top = *std::max_element(m_meanError.begin(), m_meanError.end());
    y->setRange(0.001, std::pow(10.0, std::ceil(std::log10(std::max(top, 0.01)) + 0.3)));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(x);
    bars->attachAxis(y);
    chart->legend()->setAlignment(Qt::AlignBottom);
    demo::styleChart(chart);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;

    setResult(tr("<p>True median: <b>%1</b> (n = %2). One release each: exponential <b>%3</b>, histogram "
                 "<b>%4</b>, smooth sensitivity <b>%5</b>.<br>Mean |error| over %6 releases: %7, %8, %9 years.</p>")
                  .arg(m_median)
                  .arg(n)
                  .arg(QString::number(m_first[0], 'f', 2), QString::number(m_first[1], 'f', 2),
                       QString::number(m_first[2], 'f', 2))
                  .arg(kRepeats)
                  .arg(QString::number(m_meanError[0], 'g', 3), QString::number(m_meanError[1], 'g', 3),
                       QString::number(m_meanError[2], 'g', 3)));
    return {};
}

}  // namespace veil::ui
