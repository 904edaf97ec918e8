#include "views/anonymization/mondrian_page.h"

#include "charts/anonymization/mondrian_plot.h"
#include "views/anonymization/anonymization_state.h"
#include "charts/widget_export.h"

#include "veil/hierarchy/builders.h"

#include <limits>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
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
    layout->addWidget(m_plot, 1);
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
    m_x->setCurrentIndex(std::max(0, m_x->findText(oldX)));
    int y = m_y->findText(oldY);
    if (y < 0 && m_y->count() > 1) {
        // Default vertical axis: the QI (other than the horizontal one) with the most distinct values.
        std::size_t best = 0;
        for (int i = 0; i < m_y->count(); ++i) {
            if (i == m_x->currentIndex()) continue;
            const auto index = run->input.columnIndex(m_y->itemText(i).toStdString());
            const std::size_t distinct = index.isOk() ? hierarchy::distinctValues(run->input.column(*index)).size() : 0;
            if (y < 0 || distinct > best) y = i, best = distinct;
        }
    }
    m_y->setCurrentIndex(std::max(0, y));
}

void MondrianPage::redraw() {
    const AnonymizationRun* run = m_state->run();
    if (!run || run->result.algorithm != anonymity::Algorithm::Mondrian || m_x->count() < 2) {
        m_plot->setData({});
        m_info->setText(run && run->result.algorithm == anonymity::Algorithm::Mondrian
                            ? tr("Mondrian cuts need two quasi-identifiers.")
                            : tr("Choose the Mondrian algorithm in Configure and run to see its cuts."));
        return;
    }
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
    for (const auto& part : run->result.partitions) {
        if (qx >= part.low.size() || qy >= part.low.size()) continue;
        MondrianPlotData::Box box;
        box.rect = QRectF(QPointF(part.low[qx] - xPad, part.low[qy] - yPad),
                          QPointF(part.high[qx] + xPad, part.high[qy] + yPad));
        box.size = part.size;
        data.boxes.push_back(box);
    }
    data.k = run->config.models.k;
    m_info->setText(tr("%1 partitions of at least %2 records; each rectangle is one partition's range on the two axes "
                       "(partitions overlap here when they were cut on another attribute).")
                        .arg(run->result.partitions.size())
                        .arg(run->config.models.k));
    m_plot->setData(std::move(data));
}

}  // namespace veil::ui
