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
    row->addWidget(label(tr("Loss:"), this));
    m_minLoss = new QDoubleSpinBox(this);
    m_minLoss->setObjectName(QStringLiteral("lattice-min-loss"));
    m_maxLoss = new QDoubleSpinBox(this);
    m_maxLoss->setObjectName(QStringLiteral("lattice-max-loss"));
    row->addWidget(m_minLoss);
    row->addWidget(label(tr("to"), this));
    row->addWidget(m_maxLoss);
    for (auto* spin : {m_minLoss, m_maxLoss})
        spin->setToolTip(
            tr("Information loss of the optimised metric; with a narrower range, nodes whose loss the search "
               "never computed (pruned) are hidden"));
    row->addSpacing(8);
    row->addWidget(label(tr("Height:"), this));
    m_minHeight = new QSpinBox(this);
    m_minHeight->setObjectName(QStringLiteral("lattice-min-height"));
    m_maxHeight = new QSpinBox(this);
    m_maxHeight->setObjectName(QStringLiteral("lattice-max-height"));
    for (auto* spin : {m_minHeight, m_maxHeight}) spin->setToolTip(tr("Sum of the generalization levels"));
    row->addWidget(m_minHeight);
    row->addWidget(label(tr("to"), this));
    row->addWidget(m_maxHeight);
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
            a->setData(level);
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
