#include "views/demos/laplace_geometric_demo.h"

#include "charts/nice_scale.h"
#include "views/demos/demo_support.h"

#include "veil/common/random.h"
#include "veil/dp/geometric_mechanism.h"
#include "veil/dp/laplace_mechanism.h"

#include <QLabel>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFormLayout>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QSpinBox>
#include <QValueAxis>

#include <cmath>
#include <map>

namespace veil::ui {
namespace {

QString explanation() {
    return QObject::tr(
        "<p>A <b>count</b> (how many people in the table have some property) changes by at most 1 when one "
        "person is added or removed: its <b>sensitivity</b> is 1.</p>"
        "<p>The <b>Laplace mechanism</b> adds noise of scale 1/ε (a real number); the <b>geometric "
        "mechanism</b> adds its whole-number cousin, so the answer is still a count. Both spread about the "
        "same.</p><p><b>What ε means:</b> for any answer you may see, its probability changes by a factor of "
        "at most e<sup>ε</sup> whether or not <i>you</i> are in the data. ε = 0.1: at most ×1.105, nobody "
        "can tell. ε = 3: up to ×20. Smaller ε, more privacy, more noise.</p>"
        "<p><i>Source: seed 004, \"Laplace Mechanism\"; seed 002, the ε exercise (1/2, ln 2, 1, ln 3, 3).</i></p>");
}

const struct {
    const char* text;
    double value;
} kEpsilons[] = {
    {"0.1", 0.1}, {"1/2", 0.5}, {"ln 2 ≈ 0.693", 0.6931471805599453}, {"1", 1.0}, {"ln 3 ≈ 1.099", 1.0986122886681098},
    {"3", 3.0}};

}  // namespace

LaplaceGeometricDemo::LaplaceGeometricDemo(QWidget* parent)
    : DemoPage(tr("Laplace vs geometric count: what ε means"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-laplace-geometric"));
    auto* form = new QFormLayout;
    m_count = new QSpinBox;
    m_count->setObjectName(QStringLiteral("count"));
    m_count->setRange(0, 1000000);
    m_count->setValue(42);
    form->addRow(tr("True count"), m_count);
    m_epsilon = new QComboBox;
    m_epsilon->setObjectName(QStringLiteral("epsilon"));
    for (const auto& e : kEpsilons) m_epsilon->addItem(QString::fromUtf8(e.text), e.value);
    m_epsilon->setCurrentIndex(3);
    form->addRow(tr("ε"), m_epsilon);
    content()->addLayout(form);
    content()->addWidget(demo::makeSeededBadge(kLaplaceSeed));
    m_chart = new QChartView(new QChart);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(340);
    content()->addWidget(m_chart, 1);
    connect(m_epsilon, &QComboBox::currentIndexChanged, this, &LaplaceGeometricDemo::run);
    connect(m_count, &QSpinBox::editingFinished, this, &LaplaceGeometricDemo::run);
}

void LaplaceGeometricDemo::setCount(int count) { m_count->setValue(count); }
void LaplaceGeometricDemo::setEpsilonIndex(int index) { m_epsilon->setCurrentIndex(index); }
double LaplaceGeometricDemo::epsilon() const { return m_epsilon->currentData().toDouble(); }
int LaplaceGeometricDemo::count() const { return m_count->value(); }

QString LaplaceGeometricDemo::doRun() {
    const double eps = epsilon();
    auto lap = dp::LaplaceMechanism::create(eps, 1.0);
    if (!lap.isOk()) return QString::fromStdString(lap.status().message());
    auto geo = dp::GeometricMechanism::create(eps, 1);
    if (!geo.isOk()) return QString::fromStdString(geo.status().message());
    m_laplaceScale = lap.value().scale();
    m_geometricScale = geo.value().scale();
    SeededRandom lapRng(kLaplaceSeed), geoRng(kGeometricSeed);
    m_laplace.clear();
    m_geometric.clear();
    std::map<long long, int> lapBins, geoBins;
    double lapAbs = 0, geoAbs = 0;
    for (int i = 0; i < kDraws; ++i) {
        auto l = lap.value().release(lapRng, double(count()));
        auto g = geo.value().release(geoRng, count());
        if (!l) return QString::fromStdString(l.status().message());
        if (!g) return QString::fromStdString(g.status().message());
        m_laplace.push_back(*l);
        m_geometric.push_back(*g);
        ++lapBins[std::llround(m_laplace.back())];
        ++geoBins[m_geometric.back()];
        lapAbs += std::abs(m_laplace.back() - count());
        geoAbs += std::abs(double(m_geometric.back() - count()));
    }
    auto* chart = new QChart;
    chart->setTitle(tr("%1 releases of the count %2 at ε = %3").arg(kDraws).arg(count()).arg(m_epsilon->currentText()));
    const struct {
        std::map<long long, int>* bins;
        QString name;
        QColor colour;
    } series[] = {{&lapBins, tr("Laplace (rounded for the chart)"), QColor(0, 114, 178)},
                  {&geoBins, tr("geometric (whole numbers)"), QColor(213, 94, 0)}};
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setTitleText(tr("released value"));
    y->setTitleText(tr("fraction of releases"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const double spread = std::max(5.0, 6.0 * m_laplaceScale);
    double top = 0;
    for (const auto& s : series) {
        auto* line = new QLineSeries;
        line->setName(s.name);
        for (long long v = std::llround(count() - spread); v <= std::llround(count() + spread); ++v) {
            const double f = double((*s.bins)[v]) / kDraws;
            line->append(double(v), f);
            top = std::max(top, f);
        }
        QPen pen(s.colour);
        pen.setWidth(3);
        line->setPen(pen);
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    applyNiceScale(x, count() - spread, count() + spread, 8, true);
    applyNiceScale(y, 0, top * 1.1 + 1e-9);
    chart->legend()->setAlignment(Qt::AlignBottom);
    demo::styleChart(chart);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;

    const auto lapCi = lap.value().interval(m_laplace.front());
    setResult(
        tr("<p>First releases: Laplace <b>%1</b>, geometric <b>%2</b> (truth %3).<br>"
           "Noise scale: Laplace %4, geometric %5. Mean |error| over %6 draws: Laplace %7, geometric %8.<br>"
           "95% interval around the first Laplace release: [%9, %10].<br>"
           "<b>e<sup>ε</sup> = %11</b>: no output becomes more than %11 times likelier because of one person.</p>")
            .arg(QString::number(m_laplace.front(), 'f', 2))
            .arg(m_geometric.front())
            .arg(count())
            .arg(QString::number(m_laplaceScale, 'g', 4))
            .arg(QString::number(m_geometricScale, 'g', 4))
            .arg(kDraws)
            .arg(QString::number(lapAbs / kDraws, 'f', 2))
            .arg(QString::number(geoAbs / kDraws, 'f', 2))
            .arg(QString::number(lapCi.lower, 'f', 1))
            .arg(QString::number(lapCi.upper, 'f', 1))
            .arg(QString::number(std::exp(eps), 'g', 4)));
    return {};
}

}  // namespace veil::ui
