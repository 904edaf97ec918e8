#include "views/demos/sparse_vector_demo.h"

#include "views/demos/demo_support.h"

#include "veil/common/random.h"
#include "veil/dp/sparse_vector.h"

#include <QLabel>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QSpinBox>
#include <QTableWidget>

#include <cmath>

namespace veil::ui {
namespace {

QString explanation() {
    return QObject::tr(
        "<p>An analyst has <b>many questions</b> but only cares about the few whose answer is large: "
        "\"which ages have more than 800 people?\"</p>"
        "<p>Answering each count with the Laplace mechanism would cost ε per question. The <b>sparse "
        "vector technique</b> compares each noisy count with a noisy threshold and only says "
        "<b>above</b> or <b>below</b>. It stops after c \"above\" answers, and the whole run costs ε, "
        "however many \"below\" answers it gave: many queries, few answers paid for.</p>"
        "<p>The price: answers near the threshold can be wrong, and there are no numbers, only "
        "above/below.</p><p><i>Source: seed 004, \"Sparse Vector Technique\" (Lyu, Su, Li 2017).</i></p>");
}

}  // namespace

SparseVectorDemo::SparseVectorDemo(QWidget* parent)
    : DemoPage(tr("Sparse vector: many queries, few answers paid for"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-sparse-vector"));
    auto ages = demo::loadSampleColumn(QStringLiteral("adult.csv"), "age");
    if (!ages.isOk()) {
        m_loadError = QString::fromStdString(ages.status().message());
    } else {
        m_counts.assign(91 - kFirstAge, 0.0);
        for (double a : ages.value()) {
            const auto i = std::llround(a) - kFirstAge;
            if (i >= 0 && i < std::ssize(m_counts)) m_counts[std::size_t(i)] += 1;
        }
    }
    auto* form = new QFormLayout;
    m_epsilon = new QDoubleSpinBox;
    m_epsilon->setRange(0.01, 10);
    m_epsilon->setValue(1.0);
    m_threshold = new QDoubleSpinBox;
    m_threshold->setRange(0, 100000);
    m_threshold->setDecimals(0);
    m_threshold->setValue(800);
    m_cutoff = new QSpinBox;
    m_cutoff->setRange(1, 50);
    m_cutoff->setValue(3);
    form->addRow(tr("ε (whole run)"), m_epsilon);
    form->addRow(tr("Threshold T"), m_threshold);
    form->addRow(tr("Stop after c \"above\" answers"), m_cutoff);
    content()->addLayout(form);
    content()->addWidget(demo::makeSeededBadge(kSeed));
    m_table = demo::makeTableWidget();
    content()->addWidget(m_table, 1);
}

void SparseVectorDemo::setThreshold(double t) { m_threshold->setValue(t); }
void SparseVectorDemo::setCutoff(int c) { m_cutoff->setValue(c); }
void SparseVectorDemo::setEpsilon(double e) { m_epsilon->setValue(e); }

QString SparseVectorDemo::doRun() {
    if (!m_loadError.isEmpty()) return m_loadError;
    SeededRandom rng(kSeed);
    auto sv = dp::SparseVector::create(rng, m_epsilon->value(), m_threshold->value(), m_cutoff->value());
    if (!sv.isOk()) return QString::fromStdString(sv.status().message());
    auto& mech = sv.value();
    m_answers.clear();
    for (double count : m_counts) {
        if (mech.halted()) break;
        auto above = mech.isAbove(count);
        if (!above.isOk()) return QString::fromStdString(above.status().message());
        m_answers.push_back(above.value());
    }
    m_table->clear();
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels({tr("Question"), tr("True count"), tr("Answer"), tr("Correct?")});
    m_table->setRowCount(int(m_counts.size()));
    int wrong = 0;
    for (std::size_t i = 0; i < m_counts.size(); ++i) {
        const bool asked = i < m_answers.size();
        const bool truth = m_counts[i] >= m_threshold->value();
        QString answer = asked ? (m_answers[i] ? tr("ABOVE") : tr("below")) : tr("— (halted)");
        QString correct = asked ? (m_answers[i] == truth ? tr("yes") : tr("no")) : QString();
        if (asked && m_answers[i] != truth) ++wrong;
        const QString cells[] = {tr("people aged %1?").arg(kFirstAge + int(i)), QString::number(m_counts[i]), answer,
                                 correct};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (asked && m_answers[i]) item->setBackground(QColor(255, 205, 160));
            if (!asked) item->setForeground(QColor(140, 140, 140));
            m_table->setItem(int(i), c, item);
        }
    }
    setResult(
        tr("<p>Asked <b>%1</b> questions, got <b>%2</b> \"above\" answers%3; %4 answer(s) wrong.<br>"
           "Privacy cost of the whole run: <b>ε = %5</b> (threshold noise scale %6, per-question noise scale %7). "
           "Laplace on every question would have cost %1 × ε.</p>")
            .arg(m_answers.size())
            .arg(mech.aboveCount())
            .arg(mech.halted() ? tr(" and stopped") : QString())
            .arg(wrong)
            .arg(m_epsilon->value())
            .arg(QString::number(mech.thresholdScale(), 'g', 3))
            .arg(QString::number(mech.queryScale(), 'g', 3)));
    return {};
}

}  // namespace veil::ui
