#include "views/demos/randomized_response_demo.h"

#include "views/demos/demo_support.h"

#include "veil/common/random.h"

#include <QChart>
#include <QChartView>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPen>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSlider>

#include <cmath>

namespace veil::ui {
namespace {

QString explanation() {
    return QObject::tr(
        "<p>We want the proportion of students who have, say, diabetes, without anyone revealing their "
        "own answer.</p><p>Each student <b>rolls a die</b> in secret: on <b>1, 2, 3 or 4</b> they report "
        "the truth, on <b>5 or 6</b> the opposite. Any single answer may be a lie, so it proves nothing "
        "about that student: this is differential privacy with ε = ln(4/2) = ln 2 ≈ 0.69.</p>"
        "<p>Over the whole class the lies average out: if a fraction y said yes, the true fraction is "
        "estimated by (y − 1/3) / (1/3). The estimate's error shrinks like <b>1/√n</b> (the error on "
        "the count grows only like √n) — more students, better answer.</p>"
        "<p><i>Source: seed 002, slide \"Randomized response: each individual rolls a die\".</i></p>");
}

}  // namespace

double RandomizedResponseDemo::dieEpsilon() { return std::log(2.0); }

std::vector<std::size_t> RandomizedResponseDemo::classTruths(int n, double proportion) {
    std::vector<std::size_t> truths(std::size_t(n), 0);
    const auto yes = std::size_t(std::llround(n * proportion));
    for (std::size_t i = 0; i < yes && i < truths.size(); ++i) truths[i] = 1;
    return truths;
}

RandomizedResponseDemo::RandomizedResponseDemo(QWidget* parent)
    : DemoPage(tr("Randomized response with a die"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-randomized-response"));
    auto* form = new QFormLayout;
    m_n = new QSlider(Qt::Horizontal);
    m_n->setObjectName(QStringLiteral("classSize"));
    m_n->setRange(10, 2000);
    m_n->setValue(30);
    m_nLabel = new QLabel;
    m_p = new QSlider(Qt::Horizontal);
    m_p->setObjectName(QStringLiteral("trueProportion"));
    m_p->setRange(0, 100);
    m_p->setValue(20);
    m_pLabel = new QLabel;
    auto* nRow = new QHBoxLayout;
    nRow->addWidget(m_n, 1);
    nRow->addWidget(m_nLabel);
    auto* pRow = new QHBoxLayout;
    pRow->addWidget(m_p, 1);
    pRow->addWidget(m_pLabel);
    form->addRow(tr("Students in the class (n)"), nRow);
    form->addRow(tr("True proportion with diabetes"), pRow);
    content()->addLayout(form);
    content()->addWidget(demo::makeSeededBadge(kSeed));
    m_chart = new QChartView(new QChart);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(340);
    content()->addWidget(m_chart, 1);
    auto update = [this] {
        m_nLabel->setText(QString::number(m_n->value()));
        m_pLabel->setText(QStringLiteral("%1%").arg(m_p->value()));
    };
    update();
    connect(m_n, &QSlider::valueChanged, this, update);
    connect(m_p, &QSlider::valueChanged, this, update);
    connect(m_n, &QSlider::sliderReleased, this, &RandomizedResponseDemo::run);
    connect(m_p, &QSlider::sliderReleased, this, &RandomizedResponseDemo::run);
}

void RandomizedResponseDemo::setClassSize(int n) { m_n->setValue(n); }
void RandomizedResponseDemo::setTrueProportion(int percent) { m_p->setValue(percent); }
int RandomizedResponseDemo::classSize() const { return m_n->value(); }
double RandomizedResponseDemo::trueProportion() const { return m_p->value() / 100.0; }

QString RandomizedResponseDemo::doRun() {
    auto rr = dp::RandomizedResponse::create(dieEpsilon(), 2);
    if (!rr.isOk()) return QString::fromStdString(rr.status().message());
    const auto& mech = rr.value();
    const int n = classSize();
    const double p = trueProportion();

    // The class in front of us.
    SeededRandom rng(kSeed);
    const auto reports = mech.respondAll(rng, classTruths(n, p));
    m_estimate = mech.estimate(reports);
    m_yes = std::size_t(m_estimate.observedCounts.at(1));

    // Error against n: many simulated classes per size, each from its own derived seed.
    m_sizes = {10, 30, 100, 300, 1000, 3000, 10000};
    m_errors.clear();
    auto* measured = new QScatterSeries;
    measured->setName(tr("mean error, %1 simulated classes").arg(kReplicates));
    measured->setMarkerSize(13);
    auto* theory = new QLineSeries;
    theory->setName(tr("standard error (∝ 1/√n)"));
    std::uint64_t index = 1;
    for (int size : m_sizes) {
        double sum = 0.0, se = 0.0;
        const auto truths = classTruths(size, p);
        for (int r = 0; r < kReplicates; ++r) {
            SeededRandom sim(SeededRandom::deriveSeed(kSeed, index++));
            const auto est = mech.estimate(mech.respondAll(sim, truths));
            sum += std::abs(est.estimatedFractions.at(1) - std::llround(size * p) / double(size));
            se += est.standardErrors.at(1);
        }
        m_errors.push_back(sum / kReplicates);
        measured->append(size, std::max(1e-4, sum / kReplicates));
        theory->append(size, std::max(1e-4, se / kReplicates));
    }
    auto* chart = new QChart;
    chart->setTitle(tr("Error of the estimated proportion against class size (log-log)"));
    chart->addSeries(theory);
    chart->addSeries(measured);
    auto* x = new QLogValueAxis;
    x->setTitleText(tr("students n"));
    x->setLabelFormat(QStringLiteral("%g"));
    x->setRange(5, 20000);
    auto* y = new QLogValueAxis;
    y->setTitleText(tr("error of the proportion"));
    y->setLabelFormat(QStringLiteral("%g"));
    y->setRange(0.001, 1.0);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (auto* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    QPen pen(QColor(0, 114, 178));
    pen.setWidth(3);
    theory->setPen(pen);
    measured->setColor(QColor(213, 94, 0));
    chart->legend()->setAlignment(Qt::AlignBottom);
    demo::styleChart(chart);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;

    const double truth = std::llround(n * p) / double(n);
    setResult(tr("<p>Truth: <b>%1 of %2</b> students (%3%). Reports \"yes\": <b>%4</b>.<br>"
                 "Estimated proportion: <b>%5%</b> ± %6% (standard error); error %7 points.</p>")
                  .arg(std::llround(n * p))
                  .arg(n)
                  .arg(QString::number(truth * 100, 'f', 1))
                  .arg(m_yes)
                  .arg(QString::number(m_estimate.estimatedFractions.at(1) * 100, 'f', 1))
                  .arg(QString::number(m_estimate.standardErrors.at(1) * 100, 'f', 1))
                  .arg(QString::number(std::abs(m_estimate.estimatedFractions.at(1) - truth) * 100, 'f', 1)));
    return {};
}

}  // namespace veil::ui
