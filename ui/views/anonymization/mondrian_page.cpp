#include "views/anonymization/mondrian_page.h"

#include "charts/anonymization/mondrian_plot.h"
#include "views/anonymization/algorithm_choice.h"
#include "views/anonymization/anonymization_state.h"
#include "charts/widget_export.h"

#include "veil/hierarchy/builders.h"

#include <limits>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <map>
#include <cmath>

namespace veil::ui {
namespace {

constexpr std::size_t kMaxPoints = 6000;

// Coordinates of every record on QI `qi` and the axis they live on.
std::vector<double> coordinates(const AnonymizationRun& run, std::size_t qi, MondrianPlotData::Axis& axis) {
    const std::string& name = run.result.quasiIdentifiers[qi];
    axis.title = QString::fromStdString(name);
    const Table& table = run.input;
    const Column& column = table.column(*table.columnIndex(name));
    std::vector<double> out(table.rowCount(), std::nan(""));
    if (isNumericType(column.type())) {
        double lo = std::numeric_limits<double>::infinity(), hi = -std::numeric_limits<double>::infinity();
        for (std::size_t r = 0; r < table.rowCount(); ++r) {
            out[r] = column.numericAt(r);
            if (std::isfinite(out[r])) lo = std::min(lo, out[r]), hi = std::max(hi, out[r]);
        }
        const double pad = hi > lo ? (hi - lo) * 0.03 : 1.0;
        axis.min = lo - pad;
        axis.max = hi + pad;
        return out;
    }
    const hierarchy::Hierarchy* h = nullptr;
    for (const auto& q : run.config.quasiIdentifiers)
        if (q.column == name && q.hierarchy) h = &*q.hierarchy;
    std::vector<std::string> order;
    if (h) {
        for (std::size_t row = 0; row < h->rowCount(); ++row) order.push_back(h->label(row, 0));
    } else {
        order = hierarchy::distinctValues(column);
        std::sort(order.begin(), order.end());
    }
    for (const auto& v : order) axis.categories << QString::fromStdString(v);
    std::unordered_map<std::string, double> position;
    for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = double(i);
    std::string scratch;
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        auto it = position.find(std::string(column.stringViewAt(r, scratch)));
        if (it != position.end()) out[r] = it->second;
    }
    axis.min = -0.6;
    axis.max = double(order.size()) - 0.4;
    return out;
}

}  // namespace

MondrianPage::MondrianPage(AnonymizationState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* row = new QHBoxLayout;
    m_x = new QComboBox(this);
    m_x->setObjectName(QStringLiteral("mondrian-x"));
    m_y = new QComboBox(this);
    m_y->setObjectName(QStringLiteral("mondrian-y"));
    row->addWidget(new QLabel(tr("Horizontal:"), this));
    row->addWidget(m_x);
    row->addWidget(new QLabel(tr("Vertical:"), this));
    row->addWidget(m_y);
    m_info = new QLabel(this);
    m_info->setWordWrap(true);
    row->addWidget(m_info, 1);
    layout->addLayout(row);
    m_plot = new MondrianPlot(this);
    m_plot->setObjectName(QStringLiteral("mondrian-plot"));
    installExportMenu(m_plot, QStringLiteral("mondrian-cuts"));
    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("mondrian-empty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(24);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(m_plot);
    layout->addWidget(m_stack, 1);
    connect(m_x, &QComboBox::currentIndexChanged, this, &MondrianPage::redraw);
    connect(m_y, &QComboBox::currentIndexChanged, this, &MondrianPage::redraw);
    connect(m_state, &AnonymizationState::runChanged, this, [this] {
        refreshChoices();
        redraw();
    });
    refreshChoices();
    redraw();
}

void MondrianPage::refreshChoices() {
    const QSignalBlocker bx(m_x), by(m_y);
    const QString oldX = m_x->currentText(), oldY = m_y->currentText();
    m_x->clear();
    m_y->clear();
    const AnonymizationRun* run = m_state->run();
    if (!run) return;
    // Numeric QIs first: they are the ones whose cuts read best.
    std::vector<std::size_t> order;
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t q = 0; q < run->result.quasiIdentifiers.size(); ++q) {
            const auto index = run->input.columnIndex(run->result.quasiIdentifiers[q]);
            const bool numeric = index.isOk() && isNumericType(run->input.column(*index).type());
            if (numeric == (pass == 0)) order.push_back(q);
        }
    for (std::size_t q : order) {
        const QString name = QString::fromStdString(run->result.quasiIdentifiers[q]);
        m_x->addItem(name, int(q));
        m_y->addItem(name, int(q));
    }
    // Default axes: the two QIs with the most cuts (distinct lower bounds of the partitions, less
    // one), ties in the order above.
    std::vector<int> byCuts(std::size_t(m_x->count()));
    std::vector<std::size_t> cuts(byCuts.size(), 0);
    for (int i = 0; i < m_x->count(); ++i) {
        byCuts[std::size_t(i)] = i;
        const std::size_t q = std::size_t(m_x->itemData(i).toInt());
        std::vector<double> lows;
        for (const auto& part : run->result.partitions)
            if (q < part.low.size()) lows.push_back(part.low[q]);
        std::sort(lows.begin(), lows.end());
        const std::size_t distinct = std::size_t(std::unique(lows.begin(), lows.end()) - lows.begin());
        cuts[std::size_t(i)] = distinct > 0 ? distinct - 1 : 0;
    }
    std::stable_sort(byCuts.begin(), byCuts.end(),
                     [&cuts](int a, int b) { return cuts[std::size_t(a)] > cuts[std::size_t(b)]; });
    const int x = m_x->findText(oldX);
    m_x->setCurrentIndex(x >= 0 ? x : (byCuts.empty() ? 0 : byCuts[0]));
    const int y = m_y->findText(oldY);
    m_y->setCurrentIndex(y >= 0 ? y : (byCuts.size() > 1 ? byCuts[1] : 0));
}

void MondrianPage::redraw() {
    const AnonymizationRun* run = m_state->run();
    if (!run || run->result.algorithm != anonymity::Algorithm::Mondrian || m_x->count() < 2) {
        m_plot->setData({});
        m_info->clear();
        const QString howTo =
            tr("Choose the Mondrian algorithm in Configure and run: its cuts of the records will "
               "be drawn here, on two quasi-identifiers you choose.");
        if (run && run->result.algorithm == anonymity::Algorithm::Mondrian)
            m_empty->setText(tr("Mondrian cuts need two quasi-identifiers."));
        else if (run)
            m_empty->setText(tr("The result shown was computed by %1, which does not cut the records into boxes: "
                                "there are no Mondrian cuts to draw.\n\n%2")
                                 .arg(algorithmTitle(run->result.algorithm), howTo));
        else
            m_empty->setText(tr("No Mondrian run yet.\n\n%1").arg(howTo));
        m_stack->setCurrentWidget(m_empty);
        m_x->setEnabled(false);
        m_y->setEnabled(false);
        return;
    }
    m_stack->setCurrentWidget(m_plot);
    m_x->setEnabled(true);
    m_y->setEnabled(true);
    const std::size_t qx = std::size_t(m_x->currentData().toInt());
    const std::size_t qy = std::size_t(m_y->currentData().toInt());
    MondrianPlotData data;
    const std::vector<double> xs = coordinates(*run, qx, data.x);
    const std::vector<double> ys = coordinates(*run, qy, data.y);
    const std::size_t n = xs.size();
    const std::size_t stride = std::max<std::size_t>(1, n / kMaxPoints);
    // Records on a categorical axis share one position: spread them (a fixed, per-record jitter
    // inside the category's band) so that the density shows.
    auto jitter = [](std::size_t r, unsigned salt) {
        return (double((r * 2654435761u + salt) % 1000u) / 1000.0 - 0.5) * 0.7;
    };
    const bool xCat = !data.x.categories.isEmpty(), yCat = !data.y.categories.isEmpty();
    for (std::size_t r = 0; r < n; r += stride)
        if (std::isfinite(xs[r]) && std::isfinite(ys[r]))
            data.points.emplace_back(xs[r] + (xCat ? jitter(r, 17u) : 0.0), ys[r] + (yCat ? jitter(r, 911u) : 0.0));
    const double xPad = data.x.categories.isEmpty() ? 0.0 : 0.5;
    const double yPad = data.y.categories.isEmpty() ? 0.0 : 0.5;
    // Partitions cut apart on other QIs share their ranges on these two: one rectangle each
    // (with their records summed), not a pile of identical ones.
    std::map<std::array<double, 4>, std::size_t> projected;
    for (const auto& part : run->result.partitions) {
        if (qx >= part.low.size() || qy >= part.low.size()) continue;
        projected[{part.low[qx], part.low[qy], part.high[qx], part.high[qy]}] += part.size;
    }
    for (const auto& entry : projected) {
        const std::array<double, 4>& r = entry.first;
        MondrianPlotData::Box box;
        box.rect = QRectF(QPointF(r[0] - xPad, r[1] - yPad), QPointF(r[2] + xPad, r[3] + yPad));
        box.size = entry.second;
        data.boxes.push_back(box);
    }
    data.k = run->config.models.k;
    m_info->setText(tr("%1 partitions of at least %2 records, %3 distinct on these two axes; each rectangle is "
                       "the range of the partitions it stands for.")
                        .arg(run->result.partitions.size())
                        .arg(run->config.models.k)
                        .arg(data.boxes.size()));
    m_plot->setData(std::move(data));
}

bool MondrianPage::showsPlot() const { return m_stack->currentWidget() == m_plot; }

}  // namespace veil::ui
