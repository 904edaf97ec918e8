#include "views/anonymization/lattice_filter_bar.h"

#include "charts/anonymization/lattice_level_names.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace veil::ui {

namespace {

QLabel* label(const QString& text, QWidget* parent) { return new QLabel(text, parent); }

// "<title> [low] to [high]" in `row`; the spin boxes are named lattice-min-<name>, lattice-max-<name>.
void addRange(QHBoxLayout* row, const QString& title, const QString& name, QAbstractSpinBox* low,
              QAbstractSpinBox* high, const QString& tip) {
    QWidget* parent = row->parentWidget();
    row->addWidget(label(title, parent));
    low->setObjectName(QStringLiteral("lattice-min-") + name);
    high->setObjectName(QStringLiteral("lattice-max-") + name);
    row->addWidget(low);
    row->addWidget(label(LatticeFilterBar::tr("to"), parent));
    row->addWidget(high);
    for (QAbstractSpinBox* spin : {low, high}) spin->setToolTip(tip);
}

}  // namespace

LatticeFilterBar::LatticeFilterBar(QWidget* parent) : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(label(tr("Show:"), this));
    m_anonymity = new QComboBox(this);
    m_anonymity->setObjectName(QStringLiteral("lattice-filter"));
    m_anonymity->addItems({tr("All transformations"), tr("Anonymous only")});
    row->addWidget(m_anonymity);
    row->addSpacing(8);
    m_minLoss = new QDoubleSpinBox(this);
    m_maxLoss = new QDoubleSpinBox(this);
    addRange(row, tr("Loss:"), QStringLiteral("loss"), m_minLoss, m_maxLoss,
             tr("Information loss of the optimised metric; with a narrower range, nodes whose loss the search "
                "never computed (pruned) are hidden"));
    row->addSpacing(8);
    m_minHeight = new QSpinBox(this);
    m_maxHeight = new QSpinBox(this);
    addRange(row, tr("Height:"), QStringLiteral("height"), m_minHeight, m_maxHeight,
             tr("Sum of the generalization levels"));
    m_levels = new QToolButton(this);
    m_levels->setObjectName(QStringLiteral("lattice-levels"));
    m_levels->setText(tr("Levels"));
    m_levels->setToolTip(tr("Show only nodes with the checked levels of each quasi-identifier"));
    m_levels->setPopupMode(QToolButton::InstantPopup);
    m_levelsMenu = new QMenu(m_levels);
    m_levels->setMenu(m_levelsMenu);
    row->addWidget(m_levels);
    auto* resetButton = new QToolButton(this);
    resetButton->setText(tr("Reset"));
    resetButton->setToolTip(tr("Show every transformation again"));
    connect(resetButton, &QToolButton::clicked, this, &LatticeFilterBar::reset);
    row->addWidget(resetButton);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("lattice-shown-count"));
    row->addWidget(m_count);
    row->addStretch(1);
    auto emitChanged = [this] {
        if (!m_resetting) Q_EMIT changed();
    };
    connect(m_anonymity, &QComboBox::currentIndexChanged, this, emitChanged);
    for (auto* spin : {m_minLoss, m_maxLoss}) connect(spin, &QDoubleSpinBox::valueChanged, this, emitChanged);
    for (auto* spin : {m_minHeight, m_maxHeight}) connect(spin, &QSpinBox::valueChanged, this, emitChanged);
    connect(m_levelsMenu, &QMenu::triggered, this, emitChanged);
    setLattice({}, {});
}

void LatticeFilterBar::setLattice(const anonymity::GeneralizationLattice& lattice, const LatticeLevelNames& names) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t i = 0; i < lattice.size(); ++i) {
        const double loss = lattice.node(i).informationLoss;
        if (std::isfinite(loss)) {
            lo = std::min(lo, loss);
            hi = std::max(hi, loss);
        }
    }
    m_hasLoss = lo <= hi;
    if (!m_hasLoss) lo = hi = 0;
    const int decimals = std::max(std::abs(lo), std::abs(hi)) < 100 ? 4 : 0;
    for (auto* spin : {m_minLoss, m_maxLoss}) {
        const QSignalBlocker block(spin);
        spin->setDecimals(decimals);
        // Rounded outwards, so that the ends of the range keep every node.
        const double scale = std::pow(10.0, decimals);
        spin->setRange(std::floor(lo * scale) / scale, std::ceil(hi * scale) / scale);
        spin->setSingleStep(hi > lo ? (hi - lo) / 20 : 1.0);
        spin->setEnabled(m_hasLoss);
    }
    for (auto* spin : {m_minHeight, m_maxHeight}) {
        const QSignalBlocker block(spin);
        spin->setRange(0, lattice.size() ? lattice.maxHeight() : 0);
    }
    rebuildLevelsMenu(lattice, names);
    reset();
}

void LatticeFilterBar::rebuildLevelsMenu(const anonymity::GeneralizationLattice& lattice,
                                         const LatticeLevelNames& names) {
    m_levelsMenu->clear();
    const auto& maxLevels = lattice.maxLevels();
    for (std::size_t q = 0; q < maxLevels.size(); ++q) {
        const QString qi = q < std::size_t(names.quasiIdentifiers().size()) ? names.quasiIdentifiers()[int(q)]
                                                                            : tr("QI %1").arg(q + 1);
        QMenu* sub = m_levelsMenu->addMenu(qi);
        for (int level = 0; level <= maxLevels[q]; ++level) {
            QAction* a = sub->addAction(tr("%1: %2").arg(level).arg(names.levelName(q, level)));
            a->setCheckable(true);
            a->setChecked(true);
        }
    }
    m_levels->setEnabled(!maxLevels.empty());
}

void LatticeFilterBar::reset() {
    m_resetting = true;
    m_minLoss->setValue(m_minLoss->minimum());
    m_maxLoss->setValue(m_maxLoss->maximum());
    m_minHeight->setValue(m_minHeight->minimum());
    m_maxHeight->setValue(m_maxHeight->maximum());
    for (QAction* sub : m_levelsMenu->actions())
        if (sub->menu())
            for (QAction* a : sub->menu()->actions()) a->setChecked(true);
    m_resetting = false;
    Q_EMIT changed();
}

LatticeNodeFilter LatticeFilterBar::filter() const {
    LatticeNodeFilter f;
    f.anonymousOnly = m_anonymity->currentIndex() == 1;
    if (m_hasLoss && m_minLoss->value() > m_minLoss->minimum()) f.minLoss = m_minLoss->value();
    if (m_hasLoss && m_maxLoss->value() < m_maxLoss->maximum()) f.maxLoss = m_maxLoss->value();
    f.minHeight = m_minHeight->value();
    f.maxHeight = m_maxHeight->value();
    bool anyUnchecked = false;
    for (QAction* sub : m_levelsMenu->actions()) {
        if (!sub->menu()) continue;
        std::vector<bool> allowed;
        for (QAction* a : sub->menu()->actions()) {
            allowed.push_back(a->isChecked());
            anyUnchecked = anyUnchecked || !a->isChecked();
        }
        f.allowedLevels.push_back(std::move(allowed));
    }
    if (!anyUnchecked) f.allowedLevels.clear();
    return f;
}

void LatticeFilterBar::setShownCount(int shown, int total) {
    m_count->setText(shown == total ? tr("%n transformation(s)", nullptr, total)
                                    : tr("<b>%1 of %2 shown</b>").arg(shown).arg(total));
}

}  // namespace veil::ui
