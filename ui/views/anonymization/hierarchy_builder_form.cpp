#include "views/anonymization/hierarchy_builder_form.h"

#include "veil/hierarchy/builders.h"

#include <limits>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {

// "2, 2,3" -> {2,2,3}; entries that are not integers are an error naming them.
Result<std::vector<int>> parseInts(const QString& text, const char* what) {
    std::vector<int> out;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (!ok)
            return Status::invalidArgument(std::string(what) + ": '" + part.trimmed().toStdString() +
                                           "' is not an integer");
        out.push_back(v);
    }
    return out;
}

Result<std::optional<double>> parseOptional(const QString& text, const char* what) {
    if (text.trimmed().isEmpty()) return std::optional<double>();
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok)
        return Status::invalidArgument(std::string(what) + ": '" + text.trimmed().toStdString() + "' is not a number");
    return std::optional<double>(v);
}

}  // namespace

HierarchyBuilderForm::HierarchyBuilderForm(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("hierarchy-builder-kind"));
    m_kind->addItem(tr("Intervals (numbers)"), Intervals);
    m_kind->addItem(tr("Masking (codes, ZIP)"), Masking);
    m_kind->addItem(tr("Dates"), Dates);
    m_kind->addItem(tr("Ordered groups (categories)"), OrderedGroups);
    layout->addWidget(m_kind);
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(makeIntervalsPage());
    m_pages->addWidget(makeMaskingPage());
    m_pages->addWidget(makeDatesPage());
    m_pages->addWidget(makeOrderedPage());
    layout->addWidget(m_pages);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_pages->setCurrentIndex(i);
        Q_EMIT changed();
    });
}

QWidget* HierarchyBuilderForm::makeIntervalsPage() {
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    m_origin = new QDoubleSpinBox(page);
    m_origin->setRange(-1e12, 1e12);
    m_origin->setDecimals(2);
    m_width = new QDoubleSpinBox(page);
    m_width->setObjectName(QStringLiteral("hierarchy-interval-width"));
    m_width->setRange(1e-6, 1e12);
    m_width->setDecimals(2);
    m_width->setValue(10);
    m_fanouts = new QLineEdit(QStringLiteral("2, 2"), page);
    m_fanouts->setObjectName(QStringLiteral("hierarchy-interval-fanouts"));
    m_fanouts->setToolTip(tr("How many intervals each higher level merges, e.g. \"2, 2\""));
    m_bottom = new QLineEdit(page);
    m_bottom->setPlaceholderText(tr("none"));
    m_top = new QLineEdit(page);
    m_top->setPlaceholderText(tr("none"));
    form->addRow(tr("Origin:"), m_origin);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Merge per level:"), m_fanouts);
    form->addRow(tr("Bottom coding below:"), m_bottom);
    form->addRow(tr("Top coding from:"), m_top);
    connect(m_origin, &QDoubleSpinBox::valueChanged, this, &HierarchyBuilderForm::changed);
    connect(m_width, &QDoubleSpinBox::valueChanged, this, &HierarchyBuilderForm::changed);
    for (QLineEdit* e : {m_fanouts, m_bottom, m_top})
        connect(e, &QLineEdit::textChanged, this, &HierarchyBuilderForm::changed);
    return page;
}

QWidget* HierarchyBuilderForm::makeMaskingPage() {
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    m_maxMasked = new QSpinBox(page);
    m_maxMasked->setRange(0, 64);
    m_maxMasked->setSpecialValueText(tr("whole value"));
    form->addRow(tr("Mask at most (characters):"), m_maxMasked);
    connect(m_maxMasked, &QSpinBox::valueChanged, this, &HierarchyBuilderForm::changed);
    return page;
}

QWidget* HierarchyBuilderForm::makeDatesPage() {
    auto* page = new QWidget(this);
    auto* row = new QHBoxLayout(page);
    m_month = new QCheckBox(tr("month"), page);
    m_year = new QCheckBox(tr("year"), page);
    m_decade = new QCheckBox(tr("decade"), page);
    m_century = new QCheckBox(tr("century"), page);
    m_month->setChecked(true);
    m_year->setChecked(true);
    m_decade->setChecked(true);
    for (QCheckBox* c : {m_month, m_year, m_decade, m_century}) {
        row->addWidget(c);
        connect(c, &QCheckBox::toggled, this, &HierarchyBuilderForm::changed);
    }
    row->addStretch(1);
    return page;
}

QWidget* HierarchyBuilderForm::makeOrderedPage() {
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    m_order = new QLineEdit(page);
    m_order->setPlaceholderText(tr("values in order, comma separated (empty: sorted)"));
    m_groupSizes = new QLineEdit(QStringLiteral("2, 2"), page);
    m_groupSizes->setToolTip(tr("How many groups of the level below each level joins"));
    form->addRow(tr("Order:"), m_order);
    form->addRow(tr("Group sizes:"), m_groupSizes);
    for (QLineEdit* e : {m_order, m_groupSizes})
        connect(e, &QLineEdit::textChanged, this, &HierarchyBuilderForm::changed);
    return page;
}

HierarchyBuilderForm::Kind HierarchyBuilderForm::kind() const { return Kind(m_kind->currentData().toInt()); }

void HierarchyBuilderForm::setKind(Kind kind) { m_kind->setCurrentIndex(m_kind->findData(int(kind))); }

void HierarchyBuilderForm::applySuggestion(const BuilderSuggestion& suggestion) {
    const QSignalBlocker blocker(this);
    switch (suggestion.kind) {
        case BuilderSuggestion::Dates:
            setKind(Dates);
            break;
        case BuilderSuggestion::Intervals:
            if (suggestion.width) m_width->setValue(*suggestion.width);
            if (suggestion.origin) m_origin->setValue(*suggestion.origin);
            setKind(Intervals);
            break;
        case BuilderSuggestion::OrderedGroups: {
            QStringList sizes;
            for (int g : suggestion.groupSizes) sizes << QString::number(g);
            m_groupSizes->setText(sizes.join(QStringLiteral(", ")));
            setKind(OrderedGroups);
            break;
        }
    }
    m_pages->setCurrentIndex(m_kind->currentIndex());
}

HierarchyRecipe HierarchyBuilderForm::recipe() const {
    // A parameter the form cannot parse makes a recipe that reports it.
    auto refuse = [](Status status) {
        return [status](const std::vector<std::string>&, const std::string&) -> Result<hierarchy::Hierarchy> {
            return status;
        };
    };
    switch (kind()) {
        case Intervals: {
            hierarchy::IntervalHierarchyBuilder b;
            b.origin = m_origin->value();
            b.width = m_width->value();
            auto fanouts = parseInts(m_fanouts->text(), "merge per level");
            if (!fanouts.isOk()) return refuse(fanouts.status());
            b.fanouts = *fanouts;
            auto bottom = parseOptional(m_bottom->text(), "bottom coding");
            if (!bottom.isOk()) return refuse(bottom.status());
            auto top = parseOptional(m_top->text(), "top coding");
            if (!top.isOk()) return refuse(top.status());
            b.bottomCoding = *bottom;
            b.topCoding = *top;
            return [b](const auto& values, const auto& name) { return b.build(values, name); };
        }
        case Masking: {
            hierarchy::MaskingHierarchyBuilder b;
            b.maxMasked = m_maxMasked->value();
            return [b](const auto& values, const auto& name) { return b.build(values, name); };
        }
        case Dates: {
            hierarchy::DateHierarchyBuilder b;
            b.levels.clear();
            if (m_month->isChecked()) b.levels.push_back(hierarchy::DateGranularity::Month);
            if (m_year->isChecked()) b.levels.push_back(hierarchy::DateGranularity::Year);
            if (m_decade->isChecked()) b.levels.push_back(hierarchy::DateGranularity::Decade);
            if (m_century->isChecked()) b.levels.push_back(hierarchy::DateGranularity::Century);
            return [b](const auto& values, const auto& name) { return b.build(values, name); };
        }
        case OrderedGroups: {
            hierarchy::OrderedGroupingBuilder b;
            for (const QString& v : m_order->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
                b.order.push_back(v.trimmed().toStdString());
            auto sizes = parseInts(m_groupSizes->text(), "group sizes");
            if (!sizes.isOk()) return refuse(sizes.status());
            b.groupSizes = *sizes;
            return [b](const auto& values, const auto& name) { return b.build(values, name); };
        }
    }
    return refuse(Status::invalidArgument("unknown builder"));
}

}  // namespace veil::ui
